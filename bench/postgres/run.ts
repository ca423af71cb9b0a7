// `npm run bench -- postgres`: the summary's PostgreSQL figures alone (bench/summary/postgres.ts), as a table.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv } from '../lib/env.js';
import { budgetTable, runner, throughput, throughputServer } from '../summary/harness.js';
import { postgresFigures } from '../summary/postgres.js';

const quick = process.env.BENCH_QUICK === '1';
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'ccp-bench-pg-'));
const env = benchEnv(dir);
const table = budgetTable();
try {
  await postgresFigures({
    quick,
    dir,
    ccp: join(root, 'bin', 'ccp.js'),
    here: join(root, 'bench', 'summary'),
    env,
    run: runner(env),
    atMost: table.atMost,
    atLeast: table.atLeast,
    log: (s) => process.stderr.write(`${s}\n`),
    throughput,
    startServer: (kind, db) => throughputServer(kind, db, join(dir, 'token')),
    token: () => readFileSync(join(dir, 'token'), 'utf8'),
    loadRequests: quick ? 3_000 : 10_000,
    loadRounds: quick ? 3 : 8,
  });
  table.print(`load average ${loadavg()[0]!.toFixed(1)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
