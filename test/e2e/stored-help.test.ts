// `ccp [command [verb]] --help` into a pipe prints the text the build stored (src/runtime/stored-help.ts,
// scripts/help-table.mjs) without loading the CLI: it must be, byte for byte, what the CLI prints, for every
// command path, whatever the environment says.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { fillAllVerbs } from '../../src/kit/verbs.js';
import { storedHelpFile } from '../../src/runtime/stored-help.js';
import { ensureBuilt, isolatedEnv, ROOT, runCli, spawnCcp, tempDir } from '../helpers/cli.js';
import { runInPty } from '../helpers/pty.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  ensureBuilt();
  tmp = await tempDir('ccp-stored-help-');
  // Variables a user may well have set: none of them changes a help text.
  env = isolatedEnv(tmp.dir, {
    CCP_PAGER: '',
    CCP_PROFILE: 'staging',
    CCP_OUTPUT: 'yaml',
    CCP_BASE_URL: 'http://127.0.0.1:9',
    CCP_DB: join(tmp.dir, 'elsewhere.db'),
    COLUMNS: '132',
    NO_COLOR: '1',
  });
});
afterAll(() => tmp?.remove());

/** Every command path of the tree: [], ['edgedevice'], ['edgedevice', 'list'], ... */
function paths(cmd: Command, at: string[] = []): string[][] {
  return [at, ...cmd.commands.filter((c) => c.name() !== 'help').flatMap((c) => paths(c, [...at, c.name()]))];
}

describe('stored help', () => {
  it('every command path has its stored text, and ccp prints it as the CLI prints its help into a pipe', async () => {
    const all = paths(fillAllVerbs(buildProgram()));
    expect(all.length).toBeGreaterThan(40);
    const differ: string[] = [];
    for (const path of all) {
      const file = join(ROOT, 'dist', 'cli', 'help', storedHelpFile(path));
      expect(existsSync(file), file).toBe(true);
      const cli = await runCli([...path, '--help'], { env, width: 80 });
      expect(cli.code).toBe(0);
      const flag = path.length % 2 === 0 ? '--help' : '-h';
      const printed = await spawnCcp([...path, flag], { env });
      expect({ code: printed.code, stderr: printed.stderr }).toEqual({ code: 0, stderr: '' });
      if (printed.stdout !== cli.stdout || readFileSync(file, 'utf8') !== cli.stdout)
        differ.push(`ccp ${path.join(' ')} ${flag}`);
    }
    expect(differ).toEqual([]);
  }, 120_000);

  it('on a terminal the CLI prints the help, at the terminal width', async () => {
    const pty = runInPty(['edgedevice', '--help'], env, { cols: 60, rows: 200 });
    expect((await pty.exited).code).toBe(0);
    const stored = readFileSync(join(ROOT, 'dist', 'cli', 'help', storedHelpFile(['edgedevice'])), 'utf8');
    // Folded at 60 columns, where the stored text is at 80.
    const long = stored.split('\n').find((line) => line.length > 60);
    expect(long).toBeDefined();
    expect(pty.text().replace(/\r\n/g, '\n')).not.toContain(long);
    expect(pty.text()).toContain('Edge devices');
  });

  it('a command line the build stored no text for goes to the CLI, which prints what it always printed', async () => {
    for (const args of [
      ['edgedevic', '--help'],
      ['device', '--help'],
      ['help', 'edgedevice', 'list'],
      ['edgedevice', 'list', '--json', '--help'],
    ]) {
      const cli = await runCli(args, { env, width: 80 });
      const printed = await spawnCcp(args, { env });
      expect({ code: printed.code, stdout: printed.stdout }, args.join(' ')).toEqual({
        code: cli.code,
        stdout: cli.stdout,
      });
    }
  });
});
