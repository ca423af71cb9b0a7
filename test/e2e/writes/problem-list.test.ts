// Local validation of a big bad file on a pseudo-terminal (cli.md "People at a terminal"): at most the first
// 20 problems, then how many more and the file that holds them all.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG, USER } from '../../fixtures/basic-ids.js';
import { isolatedEnv, tempDir } from '../../helpers/cli.js';
import { runInPty } from '../../helpers/pty.js';

const ROWS = 60_000;

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let csv: string;

beforeAll(async () => {
  tmp = await tempDir('ccp-problems-');
  env = { ...isolatedEnv(tmp.dir), XDG_STATE_HOME: join(tmp.dir, 'state') };
  csv = join(tmp.dir, 'devices.csv');
  const lines = ['name,serial,port'];
  for (let i = 0; i < ROWS; i++) lines.push(`device ${i},SN-${i},not-a-port`);
  writeFileSync(csv, `${lines.join('\n')}\n`);
});
afterAll(() => tmp.remove());

describe('a file with 60,000 bad rows', () => {
  it('prints 20 problems, the count of the rest and where all of them are; nothing is sent', async () => {
    const pty = runInPty(['edgedevice', 'add', '--org', ORG.root, '--user', USER.admin, '-f', csv], env);
    const { code } = await pty.exited;
    const text = pty.text().replace(/\r/g, '');
    expect(code, text.slice(0, 2000)).toBe(2);
    expect(text).toContain(`${ROWS} bad rows in ${csv}; nothing was sent`);
    const problems = text.split('\n').filter((l) => l.startsWith(`${csv}:`));
    expect(problems).toHaveLength(20);
    const more = /\.\.\. and 59980 more; all 60000 are in\s+(\S+)/.exec(text);
    expect(more, text.slice(-600)).not.toBeNull();
    const path = more![1]!;
    expect(path.startsWith(join(tmp.dir, 'state', 'ccp', 'problems'))).toBe(true);
    const all = readFileSync(path, 'utf8').trim().split('\n');
    expect(all).toHaveLength(ROWS);
    expect(all[ROWS - 1]).toContain(`${csv}:${ROWS + 1}: port`);
  });
});
