// --where and --query over --all stream: 25,000 devices go through a ccp process whose V8 heap is capped
// at 24 MB (the embedded server in it included), where holding them (--sort-by must) runs out of memory.
// (The cap is what tells the two apart: with the code cache and the embedded server called in process, a
// listing itself needs less heap than it did.)
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceDatabase } from '../../bench/lib/devices.js';
import { BIN, ensureBuilt, isolatedEnv, tempDir } from '../helpers/cli.js';

const DEVICES = 25_000;
const HEAP_MB = 24;
let tmp: { dir: string; remove: () => Promise<void> };
let db: string;

beforeAll(async () => {
  ensureBuilt();
  tmp = await tempDir('ccp-memory-');
  db = join(tmp.dir, 'devices.db');
  await (await deviceDatabase(db, DEVICES)).close();
}, 60_000);
afterAll(() => tmp.remove());

/** Runs ccp with a capped heap; returns its exit code, the lines it printed and what it said on stderr. */
function capped(args: string[]): Promise<{ code: number | null; lines: number; stderr: string }> {
  const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, BIN, '--db', db, ...args], {
    env: isolatedEnv(tmp.dir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lines = 0;
  let stderr = '';
  // Count what arrives and drop it: the reader holds nothing either.
  child.stdout.on('data', (chunk: Buffer) => {
    for (const b of chunk) if (b === 10) lines++;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, lines, stderr }));
  });
}

describe(`memory stays flat: ${DEVICES} devices in a ${HEAP_MB} MB heap`, () => {
  it('--where over --all -o ndjson', async () => {
    const r = await capped([
      'edgedevice',
      'list',
      '--all',
      '-o',
      'ndjson',
      '--where',
      'location~hall 1',
      '--where',
      'isActive=true',
    ]);
    expect(r.code, r.stderr.slice(0, 500)).toBe(0);
    // Halls 1, 10 and 11 are 3 of the 12.
    expect(r.lines).toBe(DEVICES / 4);
  }, 60_000);

  it('--query over --all -o ndjson (applied to each record)', async () => {
    const r = await capped([
      'edgedevice',
      'list',
      '--all',
      '-o',
      'ndjson',
      '--query',
      '{uuid: uuid, hall: location}',
    ]);
    expect(r.code, r.stderr.slice(0, 500)).toBe(0);
    expect(r.lines).toBe(DEVICES);
  }, 60_000);

  it('--sort-by with --limit keeps only the first n of the whole listing (a bounded heap)', async () => {
    // Ports run 1024 + i, so the highest five are the last five devices the walk reads.
    const r = await capped(
      ['edgedevice', 'list', '--limit', '5', '--sort-by', 'port', '--reverse', '-o', 'csv'].concat([
        '--fields',
        'serialNumber,port',
        '--no-headers',
      ]),
    );
    expect(r.code, r.stderr.slice(0, 500)).toBe(0);
    expect(r.lines).toBe(5);
  }, 60_000);

  it('the cap is tight enough to tell: --sort-by, which must hold every record, runs out of memory', async () => {
    const r = await capped(['edgedevice', 'list', '--all', '-o', 'ndjson', '--sort-by', 'location']);
    expect(r.code).not.toBe(0);
    // V8 says so as it gives up, or (Node 26, now and then) fails a check of its own collector first, a fatal
    // error all the same: either way the heap ran out.
    expect(r.stderr).toMatch(/heap out of memory|Allocation failed|# Fatal error in .*\n# Check failed/i);
  }, 60_000);
});
