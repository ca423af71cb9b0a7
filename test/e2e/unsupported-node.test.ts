// cli.md "Where it runs": Node 22, 24 and 26. On an older line (a machine's own Node 20, say) `ccp` says which
// lines it runs on, exit 1, rather than failing with a TypeError on what that line lacks.
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';

/** A `node` on PATH or in /usr/bin older than 22, if the machine has one. */
function olderNode(): string | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    try {
      const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
      if (Number(version.slice(1).split('.')[0]) < 22) return candidate;
    } catch {}
  }
  return undefined;
}
const old = olderNode();

describe.skipIf(!old)('on a Node.js line ccp does not run on', () => {
  it.each([['--version'], ['edgedevice', 'list'], ['edgedevice', '--help']])(
    'ccp %s says which lines it runs on, exit 1, nothing on stdout',
    (...args) => {
      const r = spawnSync(old!, [BIN, ...args], { encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        /^ccp: Node\.js 2?\d\.\d+\.\d+ is not supported: ccp runs on Node\.js 22 \(22\.12 or later\), 24 or 26\n$/,
      );
    },
  );
});
