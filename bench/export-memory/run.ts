// Memory stays flat however long the listing: `ccp edgedevice list --all -o ndjson|json|csv` over 10,000 and
// 100,000 devices through the embedded server, printing the time and the peak memory of the ccp process.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deviceDatabase, newlines } from '../lib/devices.js';
import { benchEnv } from '../lib/env.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'ccp-bench-export-'));
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);

function run(db: string, format: string): Promise<{ ms: number; rssMB: number; lines: number }> {
  const env = benchEnv(dir);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--require',
      join(here, 'report-rss.cjs'),
      join(root, 'bin', 'ccp.js'),
      '--db',
      db,
      'edgedevice',
      'list',
    ].concat(['--all', '-o', format]),
    { env, stdio: ['ignore', 'pipe', 'inherit', 'pipe'] },
  );
  let lines = 0;
  let rss = '';
  // Count what arrives and drop it: the reader holds nothing either.
  child.stdout!.on('data', (chunk: Buffer) => {
    lines += newlines(chunk);
  });
  child.stdio[3]!.on('data', (chunk: Buffer) => {
    rss += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ccp exited ${code}`));
      resolve({ ms: performance.now() - started, rssMB: Number(rss.trim()) / 1024, lines });
    });
  });
}

try {
  for (const size of SIZES) {
    const db = join(dir, `devices-${size}.db`);
    await (await deviceDatabase(db, size)).close();
    for (const format of ['ndjson', 'json', 'csv']) {
      const r = await run(db, format);
      console.log(
        `${String(size).padStart(6)} devices -o ${format.padEnd(6)} ${r.ms.toFixed(0).padStart(6)} ms  peak RSS ${r.rssMB.toFixed(0).padStart(4)} MB  (${r.lines} lines)`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
