// `npm run bench -- lookup`: `ccp edgedevice get <serial>` on the embedded default at 1,000 and 1,000,000
// devices (bench/lib/lookup.ts). The million-device database is made once and kept in the temp folder
// (BENCH_LOOKUP_DB names another), since making it takes longer than the figure.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newlines } from '../lib/devices.js';
import { benchEnv } from '../lib/env.js';
import { lookupFigures } from '../lib/lookup.js';
import { syntheticDatabase } from '../lib/million.js';

const here = dirname(fileURLToPath(import.meta.url));
const ccp = join(here, '..', '..', 'bin', 'ccp.js');
const dir = mkdtempSync(join(tmpdir(), 'ccp-bench-lookup-'));
const db1m = process.env.BENCH_LOOKUP_DB ?? join(tmpdir(), 'ccp-bench-lookup-1m.db');
const env = benchEnv(dir);

function run(args: string[]): Promise<{ ms: number; lines: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let lines = 0;
  let err = '';
  child.stdout.on('data', (c: Buffer) => (lines += newlines(c)));
  child.stderr.on('data', (d: Buffer) => (err += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve({ ms: performance.now() - started, lines })
        : reject(new Error(`exited ${code}: ${err}`)),
    );
  });
}

const rows: string[] = [];
try {
  if (!existsSync(db1m)) {
    const started = performance.now();
    await syntheticDatabase(db1m, 1_000_000);
    console.log(
      `1,000,000 devices generated in ${((performance.now() - started) / 1000).toFixed(1)} s (${db1m})`,
    );
  }
  await lookupFigures(
    {
      quick: process.env.BENCH_QUICK === '1',
      dir,
      ccp,
      run,
      atMost: (figure, now, budget) =>
        rows.push(
          `| ${figure} | ${now.toFixed(2)} | at most ${budget} | ${now <= budget ? 'pass' : 'FAIL'} |`,
        ),
      log: (s) => console.log(s),
    },
    db1m,
  );
  console.log('| figure | now | budget | |\n|---|---|---|---|');
  for (const row of rows) console.log(row);
  if (rows.some((r) => r.endsWith('FAIL |'))) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
