import { execFileSync, spawn } from 'node:child_process';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceDatabase } from '../../bench/lib/devices.js';
import { DEVICE } from '../fixtures/basic-ids.js';
import { BIN, type CliTarget, isolatedEnv, ROOT, spawnCcp, startCliTarget, tempDir } from '../helpers/cli.js';
import { runInPty } from '../helpers/pty.js';
import { onTerminal } from './apply-helpers.js';

// The pager on a real pseudo-terminal (util-linux `script`), with CCP_PAGER a script that records what it
// was given; and never in a pipe.

let t: CliTarget;
let pager: string;
let paged: string;

beforeAll(async () => {
  t = await startCliTarget({ env: { CCP_TIME_ZONE: 'UTC' } });
  paged = join(t.dir, 'paged.txt');
  pager = join(t.dir, 'pager.sh');
  await writeFile(pager, `#!/bin/sh\ncat > '${paged}'\n`);
  await chmod(pager, 0o755);
});
afterAll(() => t.close());

const LIST = ['edgedevice', 'list', '--fields', 'uuid,serialNumber'];
const exists = (path: string) =>
  readFile(path, 'utf8').then(
    (text) => text,
    () => undefined,
  );

describe('pager', () => {
  it('pages a listing on a terminal through CCP_PAGER', async () => {
    await rm(paged, { force: true });
    const r = await onTerminal(LIST, { env: { ...t.env, CCP_PAGER: pager, PAGER: 'false' }, input: '' });
    expect(r.code).toBe(0);
    const text = await exists(paged);
    expect(text).toContain(DEVICE.gateway1);
    expect(text).toContain('Serial number');
    // What went to the pager did not also go to the terminal.
    expect(r.output).not.toContain(DEVICE.gateway1);
  });

  it('falls back to PAGER when CCP_PAGER is not set', async () => {
    await rm(paged, { force: true });
    const env: NodeJS.ProcessEnv = { ...t.env, PAGER: pager };
    delete env.CCP_PAGER;
    const r = await onTerminal(LIST, { env, input: '' });
    expect(r.code).toBe(0);
    expect(await exists(paged)).toContain(DEVICE.gateway1);
  });

  it('--no-pager and an empty CCP_PAGER print to the terminal', async () => {
    await rm(paged, { force: true });
    const off = await onTerminal(['--no-pager', ...LIST], { env: { ...t.env, CCP_PAGER: pager }, input: '' });
    expect(off.output).toContain(DEVICE.gateway1);
    const empty = await onTerminal(LIST, { env: { ...t.env, CCP_PAGER: '', PAGER: pager }, input: '' });
    expect(empty.output).toContain(DEVICE.gateway1);
    expect(await exists(paged)).toBeUndefined();
  });

  it('never pages in a pipe', async () => {
    await rm(paged, { force: true });
    const r = await spawnCcp([...LIST, '-o', 'table'], { env: { ...t.env, CCP_PAGER: pager, PAGER: pager } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(DEVICE.gateway1);
    expect(await exists(paged)).toBeUndefined();
  });
});

// Ctrl-C while the real `less` shows a listing longer than the screen. The shell around ccp records the
// terminal's settings before and after and ccp's exit code; a marker in less's arguments (its prompt) finds
// it in the process table afterwards.
function ctrlCInPager(env: NodeJS.ProcessEnv, marker: string) {
  const dir = t.dir;
  const quote = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;
  const ccp = [process.execPath, BIN, ...LIST, '--all'].map(quote).join(' ');
  const command = [
    'stty cols 80 rows 8',
    `stty -g > ${quote(join(dir, 'before'))}`,
    // The shell catches SIGINT (so it runs on) while ccp, in the same process group, gets it as typed.
    "trap 'true' INT",
    ccp,
    'echo "EXIT=$?"',
    `stty -g > ${quote(join(dir, 'after'))}`,
  ].join('; ');
  const child = spawn('script', ['-q', '-f', '-e', '-c', command, '/dev/null'], {
    cwd: ROOT,
    env: { ...env, TERM: 'xterm', CCP_PAGER: `less -FRX -P${marker}` },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString('utf8');
  });
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return {
    output: () => output,
    type: (keys: string) => child.stdin.write(keys),
    end: async () => {
      child.stdin.end();
      await closed;
      clearTimeout(kill);
    },
  };
}

const running = (marker: string) =>
  execFileSync('ps', ['-eo', 'pid,ppid,stat,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes(marker) && !l.includes('script -q'));

describe('Ctrl-C with the pager open', () => {
  it('ends the pager and ccp together (exit 130), leaving the terminal as it was and no less behind', async () => {
    const marker = `ccp-pager-test-${process.pid}-${Date.now()}`;
    const run = ctrlCInPager(t.env, marker);
    // less is showing the first screen and waits at its prompt (the marker).
    await expect.poll(() => run.output(), { timeout: 15_000 }).toContain(marker);
    expect(running(marker)).not.toEqual([]);
    run.type('\x03');
    await expect.poll(() => run.output(), { timeout: 5_000 }).toMatch(/EXIT=\d+/);
    await run.end();
    expect(run.output()).toContain('EXIT=130');
    expect(run.output()).toContain('Cancelled.');
    expect(await exists(join(t.dir, 'after'))).toBe(await exists(join(t.dir, 'before')));
    expect(running(marker)).toEqual([]);
  });
});

describe('TERM=dumb or no TERM', () => {
  it.each([['dumb'], [undefined]])('TERM=%s never pages', async (term) => {
    await rm(paged, { force: true });
    const env: NodeJS.ProcessEnv = { ...t.env, CCP_PAGER: pager };
    const r = await onTerminal(LIST, { env, input: '', term });
    expect(r.code, r.output).toBe(0);
    expect(r.output).toContain(DEVICE.gateway1);
    expect(await exists(paged)).toBeUndefined();
  });
});

describe('while the pager owns the screen', () => {
  let dir: { dir: string; remove: () => Promise<void> };
  let db: string;
  let slowPager: string;
  beforeAll(async () => {
    dir = await tempDir('ccp-pager-screen-');
    db = join(dir.dir, 'devices.db');
    await (await deviceDatabase(db, 20_000)).close();
    // A pager that says on the terminal when it takes the screen and when it gives it back, reading
    // everything in between (as less does while the user reads).
    slowPager = join(dir.dir, 'pager.cjs');
    await writeFile(
      slowPager,
      `process.stdout.write('[pager open]\\n');
process.stdin.resume();
process.stdin.on('end', () => setTimeout(() => process.stdout.write('[pager closed]\\n'), 800));
`,
    );
  }, 120_000);
  afterAll(() => dir?.remove());

  it('list --all at 80 columns: no spinner or progress line over it, the note after it closes', async () => {
    const pty = runInPty(['--db', db, 'edgedevice', 'list', '--all'], {
      ...isolatedEnv(dir.dir),
      CCP_PAGER: `${process.execPath} ${slowPager}`,
    });
    expect((await pty.exited).code, pty.text()).toBe(0);
    const text = pty.text();
    const open = text.indexOf('[pager open]');
    const closed = text.indexOf('[pager closed]');
    expect(open, text).toBeGreaterThanOrEqual(0);
    expect(closed).toBeGreaterThan(open);
    const during = text.slice(open, closed);
    expect(during).not.toMatch(/Fetched|Left out/);
    // Nothing but the pager's own words while it owns the screen: no spinner frame, no erased line.
    expect(during.replace('[pager open]', '').trim()).toBe('');
    expect(text.slice(closed)).toMatch(/Left out to fit 80 columns: /);
  }, 120_000);
});
