// Start-up alone (`npm run bench -- startup`): the start-up figures of the summary (bench/lib/startup.ts),
// over 10,000 devices, as a table with their budgets. BENCH_RUNS sets the turns (default 25).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deviceDatabase } from '../lib/devices.js';
import { benchEnv } from '../lib/env.js';
import { startupFigures } from '../lib/startup.js';

const RUNS = Number(process.env.BENCH_RUNS ?? (process.env.BENCH_QUICK === '1' ? 9 : 25));
const dir = mkdtempSync(join(tmpdir(), 'ccp-bench-startup-'));

try {
  const db = join(dir, 'devices.db');
  await (await deviceDatabase(db, 10_000)).close();
  const rows = await startupFigures(db, dir, benchEnv(dir), RUNS, (s) => process.stderr.write(`${s}\n`));
  console.log(`\nNode.js ${process.version}, ${RUNS} turns\n`);
  console.log('| figure | now | budget | |');
  console.log('|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.figure} | ${r.ratio.toFixed(2)} | at most ${r.budget} | ${r.ratio <= r.budget ? 'pass' : 'FAIL'} |`,
    );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
