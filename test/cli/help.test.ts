import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  tmp = await tempDir();
  env = isolatedEnv(tmp.dir);
});
afterAll(() => tmp.remove());

describe('help', () => {
  it('`ccp` alone prints a short help on stdout and exits 0', async () => {
    const r = await runCli([], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: ccp <command>/);
    for (const c of ['edgedevice', 'org', 'codetype', 'license', 'notify', 'report'])
      expect(r.stdout).toContain(`  ${c} `);
    expect(r.stdout).toContain('README');
    expect(r.stdout.split('\n').length).toBeLessThan(25);
  });

  it('`ccp help <command> <verb>` is the verb’s help', async () => {
    const r = await runCli(['help', 'edgedevice', 'list'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: ccp edgedevice list');
    expect(r.stdout).toContain('--where');
    const group = await runCli(['help', 'edgedevice'], { env });
    expect(group.stdout).toContain('Usage: ccp edgedevice');
    expect(group.stdout).toContain('get');
    const unknown = await runCli(['help', 'edgedevice', 'nope'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'edgedevice nope'");
  });

  it('a verb’s help points to `ccp --help` for the global flags instead of listing them', async () => {
    const r = await runCli(['edgedevice', 'get', '--help'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('see `ccp --help`');
    expect(r.stdout).not.toContain('--base-url <url>');
    expect(r.stdout).not.toContain('--time-zone');
    const root = await runCli(['--help'], { env });
    for (const flag of [
      '--base-url <url>',
      '--query <expr>',
      '--no-headers',
      '--no-pager',
      '--fields <list>',
    ])
      expect(root.stdout).toContain(flag);
    expect(root.stdout).toContain('README');
  });
});
