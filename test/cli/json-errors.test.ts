// Whether an error is also a JSON object on stderr is the output's own choice (--json, -o, the profile), read
// from the flags as commander parsed them, whether it stopped before the command's action or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  tmp = await tempDir();
  env = isolatedEnv(tmp.dir, { CCP_TOKEN: 'ccp_unused' });
});
afterAll(() => tmp.remove());

/** The JSON object on stderr's last line, or undefined when that line is not one. */
function jsonError(stderr: string): Record<string, unknown> | undefined {
  const last = stderr.trim().split('\n').at(-1) ?? '';
  return last.startsWith('{') ? JSON.parse(last) : undefined;
}

describe('JSON errors follow the chosen output', () => {
  it.each([
    [['edgedevice', 'list', '--bogus', '-o', 'json']],
    [['edgedevice', 'list', '--bogus', '--output=ndjson']],
    [['edgedevice', 'list', '-ojson', '--bogus']],
    [['--json', 'edgedevice', 'list', '--bogus']],
  ])('%j: a usage error is also a JSON object', async (args) => {
    const r = await runCli(args, { env });
    expect(r.code).toBe(2);
    expect(jsonError(r.stderr)).toMatchObject({ code: 'USAGE', httpStatus: null, exitCode: 2 });
  });

  it('the profile (CCP_OUTPUT) chooses json: a usage error is JSON too', async () => {
    const r = await runCli(['edgedevice', 'list', '--bogus'], { env: { ...env, CCP_OUTPUT: 'json' } });
    expect(r.code).toBe(2);
    expect(jsonError(r.stderr)).toMatchObject({ code: 'USAGE', exitCode: 2 });
  });

  it('without a JSON format the error is text alone', async () => {
    const r = await runCli(['edgedevice', 'list', '--bogus', '-o', 'yaml'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--bogus');
    expect(jsonError(r.stderr)).toBeUndefined();
  });
});
