// bin/ccp.js ends the process once its event loop is empty, through process.exit, rather than through Node's
// teardown of the heap (tens of milliseconds for a bulk add's or an export's heap): with the exit code the
// command set, and only after every byte it wrote to a pipe has gone. A preloaded probe notes the exit.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  tmp = await tempDir('ccp-exit-at-once-');
  const probe = join(tmp.dir, 'probe.cjs');
  // process.exit ends in process.reallyExit; a natural end never calls it.
  writeFileSync(
    probe,
    `const real = process.reallyExit;
process.reallyExit = (code) => { require('node:fs').writeSync(2, 'probe: exit ' + code + '\\n'); real.call(process, code); };`,
  );
  env = isolatedEnv(join(tmp.dir, 'home'), { NODE_OPTIONS: `--require ${probe}` });
});
afterAll(() => tmp.remove());

describe('the end of a command', () => {
  it('comes through process.exit once the work is done, every line of a listing into a pipe written', async () => {
    const r = await spawnCcp(['edgedevice', 'list', '--all', '-o', 'ndjson'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^probe: exit 0$/m);
    // The demo data's 300 devices, each a whole line of JSON.
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(300);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('keeps the exit code the command set', async () => {
    const r = await spawnCcp(['edgedevice', 'get', 'no-such-serial'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^probe: exit 4$/m);
  });
});
