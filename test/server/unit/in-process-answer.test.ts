// A handed-over answer (in-process.ts) must not keep its value reachable from old space: a getter made per
// answer would live in the hidden class V8 gives each headers object, so every page of a long listing would
// stay reachable (and be promoted) until the next full collection. Answers share one hidden class instead.
// %HaveSameMap needs --allow-natives-syntax: the check runs in a node of its own.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const server = fileURLToPath(new URL('../../../src/server/index.ts', import.meta.url));

const SCRIPT = `
const { openStore, inProcessService } = await import(${JSON.stringify(server)});
const call = inProcessService({ store: openStore(':memory:') });
const ask = () => call({ method: 'GET', url: '/edgedevice/all/0?pageSize=5', headers: { time_zone: 'UTC' } });
const [a, b] = [await ask(), await ask()];
if (a.json === undefined) throw new Error('the answer was not handed over');
console.log(JSON.stringify({
  headers: %HaveSameMap(a.headers, b.headers),
  answers: %HaveSameMap(a, b),
  contentLength: a.headers['content-length'] === String(Buffer.byteLength(a.text)),
}));
`;

describe('a handed-over answer', () => {
  it('shares its hidden class with every other, so nothing per answer holds its value', () => {
    const r = spawnSync(
      process.execPath,
      ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', SCRIPT],
      { encoding: 'utf8' },
    );
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ headers: true, answers: true, contentLength: true });
  });
});
