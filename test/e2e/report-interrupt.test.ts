// Ctrl-C while the embedded server renders a big report (cli.md "People at a terminal"), on a pseudo-terminal:
// ccp stops within 1 s because the rendering itself is cancelled (its worker ended), not only the wait for
// it, and nothing is left in the target folder.
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceDatabase } from '../../bench/lib/devices.js';
import { isolatedEnv, tempDir } from '../helpers/cli.js';
import { runInPty } from '../helpers/pty.js';

// A PDF of this many devices takes well over 10 s to render here.
const DEVICES = 50_000;

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let db: string;

beforeAll(async () => {
  tmp = await tempDir('ccp-report-int-');
  env = isolatedEnv(tmp.dir);
  db = join(tmp.dir, 'big.db');
  await (await deviceDatabase(db, DEVICES)).close();
}, 120_000);
afterAll(() => tmp.remove());

function download(out: string) {
  mkdirSync(out, { recursive: true });
  const args = [
    '--db',
    db,
    'report',
    'download',
    '--template',
    'edge-devices',
    '--type',
    'pdf',
    '-O',
    `${out}/`,
  ];
  return runInPty(args, env);
}

describe('Ctrl-C during an embedded report', () => {
  it('stops the rendering within 1 s: exit 130, nothing written', async () => {
    const out = join(tmp.dir, 'once');
    const pty = download(out);
    await pty.waitFor(/Waiting for the local server/);
    // Well into the rendering.
    await new Promise((r) => setTimeout(r, 2000));
    const pressed = Date.now();
    pty.type('\x03');
    const { code } = await pty.exited;
    const stopMs = Date.now() - pressed;
    expect(code, pty.text().slice(-500)).toBe(130);
    expect(pty.text()).toContain('Cancelled.');
    expect(stopMs).toBeLessThan(1000);
    expect(readdirSync(out)).toEqual([]);
  }, 60_000);

  it('a second Ctrl-C exits at once', async () => {
    const out = join(tmp.dir, 'twice');
    const pty = download(out);
    await pty.waitFor(/Waiting for the local server/);
    await new Promise((r) => setTimeout(r, 1500));
    const pressed = Date.now();
    pty.type('\x03');
    await new Promise((r) => setTimeout(r, 400));
    pty.type('\x03');
    const { code } = await pty.exited;
    expect(code, pty.text().slice(-500)).toBe(130);
    expect(Date.now() - pressed).toBeLessThan(1000);
    expect(pty.text().match(/Cancelled\./g)).toHaveLength(1);
    expect(readdirSync(out)).toEqual([]);
  }, 60_000);
});
