// `--parallel` over a 40 ms round trip (bench/lib/parallel-export.ts), on its own: 100,000 devices at 1,000 a
// page, --parallel 4 against page at a time. BENCH_QUICK=1: 20,000 devices, 3 runs each. `npm run bench`
// (the summary) measures the same figure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deviceDatabase } from '../lib/devices.js';
import { parallelExport } from '../lib/parallel-export.js';

const quick = process.env.BENCH_QUICK === '1';
const devices = quick ? 20_000 : 100_000;
const dir = mkdtempSync(join(tmpdir(), 'ccp-bench-parallel-'));
try {
  const db = join(dir, 'devices.db');
  await (await deviceDatabase(db, devices)).close();
  const { serialMs, parallelMs } = await parallelExport({ db, dir, runs: quick ? 3 : 5 });
  const ratio = parallelMs / serialMs;
  console.log(`--all -o ndjson of ${devices} devices, 1,000 a page, over a 40 ms round trip:`);
  console.log(`  --parallel 1 (page at a time)  ${serialMs.toFixed(0)} ms`);
  console.log(`  --parallel 4                   ${parallelMs.toFixed(0)} ms`);
  console.log(`  ratio ${ratio.toFixed(2)} (budget at most 0.45): ${ratio <= 0.45 ? 'pass' : 'FAIL'}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
