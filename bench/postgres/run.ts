// `npm run bench -- postgres`: the summary's PostgreSQL figures alone (bench/summary/postgres.ts), as a table.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv } from '../lib/env.js';
import { runner, throughput, throughputServer } from '../summary/harness.js';
import { postgresFigures } from '../summary/postgres.js';

const quick = process.env.BENCH_QUICK === '1';
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'ccp-bench-pg-'));
const env = benchEnv(dir);
const table: [string, number, string, boolean][] = [];
try {
  await postgresFigures({
    quick,
    dir,
    ccp: join(root, 'bin', 'ccp.js'),
    here: join(root, 'bench', 'summary'),
    env,
    run: runner(env),
    atMost: (f, now, budget) => table.push([f, now, `at most ${budget}`, now <= budget]),
    atLeast: (f, now, budget) => table.push([f, now, `at least ${budget}`, now >= budget]),
    log: (s) => process.stderr.write(`${s}\n`),
    throughput,
    startServer: (kind, db) => throughputServer(kind, db, join(dir, 'token')),
    token: () => readFileSync(join(dir, 'token'), 'utf8'),
    loadRequests: quick ? 3_000 : 10_000,
    loadRounds: quick ? 3 : 8,
  });
  console.log(`\nload average ${loadavg()[0]!.toFixed(1)}\n`);
  console.log('| figure | now | budget | |');
  console.log('|---|---|---|---|');
  for (const [figure, now, budget, ok] of table)
    console.log(`| ${figure} | ${now.toFixed(2)} | ${budget} | ${ok ? 'pass' : 'FAIL'} |`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
