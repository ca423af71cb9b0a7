// A device or a FIFO named as a bulk add's --saved-file or --failed-file (`/dev/null` is the common one) is
// written into, never removed or renamed over: run as root, replacing /dev/null with a file breaks every
// other program on the machine. FIFOs stand in for /dev/null here, each with a reader, so that a test that
// fails cannot harm the machine it runs on.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG, USER } from '../../fixtures/basic-ids.js';
import { until } from '../../helpers/until.js';
import { devicesCsv, type WriteEnv, writeEnv } from './helpers.js';

let w: WriteEnv;
beforeAll(async () => {
  w = await writeEnv();
});
afterAll(async () => {
  await w?.close();
});

/**
 * A FIFO with a reader copying whatever is written into it to a file, each time it is opened (as /dev/null
 * takes every write), until `done` stops the reader.
 */
function fifoWithReader(name: string): {
  path: string;
  out: string;
  done: (holds: string) => Promise<void>;
} {
  const path = join(w.dir, name);
  const out = join(w.dir, `${name}.out`);
  execFileSync('mkfifo', [path]);
  const loop = 'while :; do cat "$1"; done > "$2"';
  const reader: ChildProcess = spawn('sh', ['-c', loop, 'sh', path, out], { detached: true });
  const exited = new Promise<void>((r) => reader.once('exit', () => r()));
  // Once what was written has come out (the reader copies as it reads), the reader is stopped.
  const done = async (holds: string) => {
    await until(
      () => existsSync(out) && readFileSync(out, 'utf8').includes(holds),
      `${out} holding ${holds}`,
      5000,
    );
    process.kill(-reader.pid!, 'SIGKILL');
    await exited;
  };
  return { path, out, done };
}

const add = ['edgedevice', 'add', '--org', ORG.root, '--user', USER.admin];

describe('a bulk add given a FIFO as a file to write', () => {
  it('--saved-file: the saved records go into it, and it stays a FIFO', async () => {
    const file = w.file('fifo-saved.csv', devicesCsv(30, 'FS'));
    const saved = fifoWithReader('saved.fifo');
    const r = await w.ccp([
      ...add,
      '-f',
      file,
      '--batch-size',
      '10',
      '-o',
      'ndjson',
      '--saved-file',
      saved.path,
    ]);
    await saved.done('SN-FS-29');
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(saved.path).isFIFO()).toBe(true);
    const lines = readFileSync(saved.out, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(30);
    expect(lines.join('\n')).toBe(r.stdout.trim());
  });

  it('--failed-file: the rows not saved go into it, and it stays a FIFO', async () => {
    const file = w.file('fifo-failed.csv', devicesCsv(5, 'FF'));
    expect((await w.ccp([...add, '-f', file, '-q'])).code).toBe(0);
    const failed = fifoWithReader('failed.fifo');
    const r = await w.ccp([...add, '-f', file, '--continue-on-error', '--failed-file', failed.path]);
    await failed.done('SN-FF-4');
    expect(r.code).toBe(1);
    expect(lstatSync(failed.path).isFIFO()).toBe(true);
    // The rows, with their header, each time the file is written (as each batch fails, and at the end).
    const text = readFileSync(failed.out, 'utf8');
    expect(text).toContain('SN-FF-4');
    expect(text.split('\n')[0]).toMatch(/serialNumber/);
  });
});
