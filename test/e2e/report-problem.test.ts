// Where to report a problem (cli.md "People at a terminal"): package.json `bugs`, in `ccp --help` and after
// an unexpected error (exit 70), on a pseudo-terminal.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, ROOT, tempDir } from '../helpers/cli.js';
import { runInPty } from '../helpers/pty.js';

const BUGS = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bugs: { url: string } }).bugs
  .url;

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let fault: string;
let unloadable: string;

beforeAll(async () => {
  tmp = await tempDir('ccp-bugs-');
  env = isolatedEnv(tmp.dir);
  // A fault no input or service can cause: the file system call that saves a report throws a TypeError.
  fault = join(tmp.dir, 'fault.cjs');
  writeFileSync(
    fault,
    "require('node:fs').promises.link = async () => { throw new TypeError('simulated fault'); };\n",
  );
  // The CLI itself cannot load (a broken install): bin/ccp.js reports it.
  unloadable = join(tmp.dir, 'unloadable.cjs');
  writeFileSync(
    unloadable,
    [
      "const M = require('node:module');",
      "const resolve = (s, c, next) => { if (s.endsWith('/dist/cli/main.js')) throw new Error('simulated load failure'); return next(s, c); };",
      // Node's in-thread hooks where it has them (22.15 and later), its hooks thread before.
      'if (M.registerHooks) M.registerHooks({ resolve });',
      "else M.register('data:text/javascript,' + encodeURIComponent('export const resolve = ' + resolve + ';'));",
      '',
    ].join('\n'),
  );
});
afterAll(() => tmp.remove());

describe('where to report a problem', () => {
  it('package.json names the tracker', () => {
    expect(BUGS).toMatch(/^https:\/\/.+\/issues$/);
  });

  it('ccp --help and ccp alone say it', async () => {
    for (const args of [['--help'], []]) {
      const pty = runInPty(args, env);
      expect((await pty.exited).code, pty.text()).toBe(0);
      expect(pty.text()).toContain(`Report a problem: ${BUGS}`);
    }
  });

  it('an unexpected error says it, and exits 70', async () => {
    const pty = runInPty(
      ['report', 'download', '--template', 'code-types', '--type', 'csv', '-O', `${tmp.dir}/`],
      {
        ...env,
        NODE_OPTIONS: `--require ${fault}`,
      },
    );
    const { code } = await pty.exited;
    expect(pty.text()).toContain('internal error: simulated fault');
    expect(pty.text()).toContain(BUGS);
    expect(code, pty.text()).toBe(70);
    // An error of the input or the service is not ours: no tracker, no 70.
    const usage = runInPty(['code', 'get', 'not-a-uuid', '--no-input'], env);
    expect((await usage.exited).code, usage.text()).toBe(2);
    expect(usage.text()).not.toContain(BUGS);
  });

  it('a CLI that cannot load says it too, and exits 70', async () => {
    const pty = runInPty(['codetype', 'list'], { ...env, NODE_OPTIONS: `--require ${unloadable}` });
    const { code } = await pty.exited;
    expect(pty.text()).toContain('simulated load failure');
    expect(pty.text()).toContain(`Report a problem: ${BUGS}`);
    expect(code, pty.text()).toBe(70);
  });
});
