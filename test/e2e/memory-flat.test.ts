// --where and --query over --all stream: the peak memory of the ccp process does not grow with the
// listing (2,500 against 25,000 devices on the embedded server).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceDatabase } from '../../bench/lib/devices.js';
import { BIN, ensureBuilt, isolatedEnv, ROOT, tempDir } from '../helpers/cli.js';

const SMALL = 2_500;
const LARGE = 25_000;
let tmp: { dir: string; remove: () => Promise<void> };

beforeAll(() => {
  ensureBuilt();
  return tempDir('ccp-memory-').then((t) => {
    tmp = t;
    deviceDatabase(join(tmp.dir, 'small.db'), SMALL).close();
    deviceDatabase(join(tmp.dir, 'large.db'), LARGE).close();
  });
}, 60_000);
afterAll(() => tmp.remove());

/** Runs ccp over a database; returns the lines it printed and its peak resident memory in MB. */
function peak(db: string, args: string[]): Promise<{ lines: number; mb: number }> {
  const child = spawn(
    process.execPath,
    ['--require', join(ROOT, 'bench', 'export-memory', 'report-rss.cjs'), BIN, '--db', db, ...args],
    { env: isolatedEnv(tmp.dir), stdio: ['ignore', 'pipe', 'pipe', 'pipe'] },
  );
  let lines = 0;
  let rss = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    for (const b of chunk) if (b === 10) lines++;
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  child.stdio[3]!.on('data', (chunk: Buffer) => {
    rss += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`ccp exited ${code}: ${err}`));
      else resolve({ lines, mb: Number(rss.trim()) / 1024 });
    });
  });
}

describe('memory stays flat', () => {
  it.each([
    ['--where', ['--where', 'location~hall 1', '--where', 'isActive=true']],
    ['--query', ['--query', '{uuid: uuid, hall: location}']],
  ])(
    '%s over --all -o ndjson',
    async (_name, flags) => {
      const args = ['edgedevice', 'list', '--all', '-o', 'ndjson', ...flags];
      const small = await peak(join(tmp.dir, 'small.db'), args);
      const large = await peak(join(tmp.dir, 'large.db'), args);
      // Every record went through (hall 1, 10 and 11 are 3 of 12 halls).
      const expected = (n: number) => (flags[0] === '--where' ? Math.round(n / 4) : n);
      expect(Math.abs(large.lines - expected(LARGE))).toBeLessThan(LARGE / 100);
      expect(Math.abs(small.lines - expected(SMALL))).toBeLessThan(SMALL / 50);
      // Ten times the records: the peak moves by no more than the noise of garbage collection, where
      // holding the records costs over 100 MB more (the control below).
      expect(large.mb - small.mb, `${small.mb.toFixed(0)} MB -> ${large.mb.toFixed(0)} MB`).toBeLessThan(50);
    },
    120_000,
  );

  it('the measure sees records held: --sort-by, which must read them all first, grows', async () => {
    const args = ['edgedevice', 'list', '--all', '-o', 'ndjson', '--sort-by', 'location'];
    const small = await peak(join(tmp.dir, 'small.db'), args);
    const large = await peak(join(tmp.dir, 'large.db'), args);
    expect(large.lines).toBe(LARGE);
    expect(large.mb - small.mb, `${small.mb.toFixed(0)} MB -> ${large.mb.toFixed(0)} MB`).toBeGreaterThan(80);
  }, 120_000);
});
