// Every screen fits (cli.md "The first hour"): every help screen of every command is folded at word
// boundaries to 80 columns into a pipe and to the terminal's width on one, and ccp's own messages too,
// never cutting a uuid or a serial number.
import { stripVTControlCharacters } from 'node:util';
import type { Command } from 'commander';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { fillAllVerbs } from '../../src/kit/verbs.js';
import { isolatedEnv, runCli, spawnCcp, tempDir } from '../helpers/cli.js';
import { runInPty } from '../helpers/pty.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  tmp = await tempDir('ccp-help-width-');
  env = isolatedEnv(tmp.dir, { CCP_PAGER: '' });
});
afterAll(() => tmp?.remove());

/** Every command path of the tree: [], ['edgedevice'], ['edgedevice', 'list'], ... */
function paths(cmd: Command, at: string[] = []): string[][] {
  return [at, ...cmd.commands.filter((c) => c.name() !== 'help').flatMap((c) => paths(c, [...at, c.name()]))];
}
const ALL = paths(fillAllVerbs(buildProgram()));

const wide = (text: string, cols: number) =>
  stripVTControlCharacters(text)
    .split(/\r?\n/)
    .filter((l) => stringWidth(l) > cols);

describe('help fits', () => {
  it('every help screen of every command has no line over 80 columns into a pipe', async () => {
    expect(ALL.length).toBeGreaterThan(40);
    const over: string[] = [];
    for (const path of ALL) {
      const r = await runCli([...path, '--help'], { env, width: 80 });
      expect(r.code, path.join(' ')).toBe(0);
      for (const line of wide(r.stdout, 80)) over.push(`ccp ${path.join(' ')}: ${line}`);
    }
    expect(over).toEqual([]);
  }, 120_000);

  it('the built ccp into a pipe: ccp, org, apply and server token list --help', async () => {
    for (const path of [[], ['org'], ['edgedevice', 'apply'], ['server', 'token', 'list']]) {
      const r = await spawnCcp([...path, '--help'], { env });
      expect(r.code).toBe(0);
      expect(wide(r.stdout, 80), path.join(' ')).toEqual([]);
    }
  }, 60_000);

  it.each([60, 100])(
    'on a terminal of %i columns, within its width',
    async (cols) => {
      for (const path of [[], ['org'], ['edgedevice', 'list']]) {
        const pty = runInPty([...path, '--help'], env, { cols, rows: 200 });
        expect((await pty.exited).code).toBe(0);
        expect(wide(pty.text(), cols), path.join(' ')).toEqual([]);
      }
    },
    60_000,
  );
});

describe('messages fit', () => {
  it('a not-found error with its suggestion at 80 columns: folded at spaces, the serial whole', async () => {
    const list = await spawnCcp(['edgedevice', 'list', '--limit', '1', '--fields', 'serialNumber'], { env });
    const serial = (JSON.parse(list.stdout) as Array<{ serialNumber: string }>)[0]!.serialNumber;
    const typo = serial.slice(0, -1);
    const pty = runInPty(['edgedevice', 'get', `${typo}-x`, typo], env, { cols: 80 });
    expect((await pty.exited).code).toBe(4);
    const text = stripVTControlCharacters(pty.text());
    expect(wide(text, 80)).toEqual([]);
    expect(text).toMatch(new RegExp(`did you mean ${serial}`));
    expect(text.replace(/\r?\n */g, ' ')).toContain(`"${typo}" (did you mean ${serial}?)`);
  }, 60_000);
});
