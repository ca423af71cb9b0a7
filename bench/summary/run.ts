// Every figure of the performance budget against its baseline, measured in this one run, then the table.
// Runs are interleaved (baseline, subject, baseline, ...) and the medians compared, so a busy machine slows
// both alike. BENCH_QUICK=1 (or `npm run bench -- --quick`) takes fewer runs (and imports 200,000 devices
// instead of a million): a few minutes in all.
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { addArgs, BENCH_ORG, BENCH_USER, deviceDatabase, median } from '../lib/devices.js';
import { sqliteDatabase } from '../lib/engine.js';
import { benchEnv } from '../lib/env.js';
import { parallelExport } from '../lib/parallel-export.js';
import { startupFigures } from '../lib/startup.js';
import { csv } from './csv.js';
import { budgetTable, type Run, runner, throughput, throughputServer, timed } from './harness.js';
import { millionFigures } from './million.js';
import { postgresFigures } from './postgres.js';

const quick = process.env.BENCH_QUICK === '1';
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const ccp = join(root, 'bin', 'ccp.js');
const dir = mkdtempSync(join(tmpdir(), 'ccp-bench-summary-'));
const STARTUP_RUNS = quick ? 9 : 25;
const HEAVY_RUNS = quick ? 1 : 3;
// A bulk add and its raw insert take about a second a pair: more pairs, a steadier median.
const ADD_RUNS = quick ? 3 : 9;
// Rounds of the throughput figure: more and shorter, so that the medians ride out the machine's bursts.
const LOAD_REQUESTS = quick ? 3_000 : 10_000;
const LOAD_ROUNDS = quick ? 3 : 8;
const DEEP_RUNS = quick ? 30 : 100;

const env = benchEnv(dir);

const run = runner(env);

/** Median wall time of each command, the commands taking turns run after run. */
async function interleaved(cmds: (() => Promise<Run>)[], runs: number): Promise<number[]> {
  const times: number[][] = cmds.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [k, cmd] of cmds.entries()) times[k]!.push((await cmd()).ms);
  }
  return times.map(median);
}

const table = budgetTable();
const { atMost, atLeast } = table;
const log = (s: string) => process.stderr.write(`${s}\n`);

try {
  const db10k = join(dir, 'd10k.db');
  const db100k = join(dir, 'd100k.db');
  await (await deviceDatabase(db10k, 10_000)).close();
  await (await deviceDatabase(db100k, 100_000)).close();

  // Start-up and one listing page, embedded and against a running server (bench/lib/startup.ts).
  for (const f of await startupFigures(db10k, dir, env, STARTUP_RUNS, log))
    atMost(f.figure, f.ratio, f.budget);

  // Server throughput against the bare baseline: both servers up, warmed, then measured in turns, so that a
  // burst of load on the machine falls on one round of each rather than on one server's whole share.
  const rates = { project: [] as number[], bare: [] as number[] };
  const kinds = ['bare', 'project'] as const;
  const servers: { child: ChildProcess; url: string }[] = [];
  try {
    for (const kind of kinds) servers.push(await throughputServer(kind, db10k, join(dir, 'token')));
    const t = readFileSync(join(dir, 'token'), 'utf8');
    for (const s of servers) await throughput(s.url, '/edgedevice/all/0?pageSize=100', 500, t);
    for (let round = 0; round < LOAD_ROUNDS; round++) {
      for (const [k, kind] of kinds.entries()) {
        rates[kind].push(
          await throughput(servers[k]!.url, '/edgedevice/all/0?pageSize=100', LOAD_REQUESTS, t),
        );
      }
    }
  } finally {
    for (const s of servers) s.child.kill();
  }
  const spread = (r: number[]) => `${Math.min(...r).toFixed(0)} to ${Math.max(...r).toFixed(0)}`;
  log(
    `GET page 0 x100: project ${median(rates.project).toFixed(0)} req/s (${spread(rates.project)}), bare ${median(rates.bare).toFixed(0)} req/s (${spread(rates.bare)})`,
  );
  atLeast(
    'server, GET /edgedevice/all/0?pageSize=100, 50 connections, vs bare node:http + better-sqlite3',
    median(rates.project) / median(rates.bare),
    0.9,
  );

  // Deep pages: 999 against 0 of 100,000, each asked right after a random other page (no walk in order).
  {
    const s = await throughputServer('project', db100k, join(dir, 'token'));
    const t = readFileSync(join(dir, 'token'), 'utf8');
    const pool = new Pool(s.url, { connections: 1 });
    try {
      const p = (n: number) => `/edgedevice/all/${n}?pageSize=100`;
      const random = () => p(1 + Math.floor(Math.random() * 997));
      const first: number[] = [];
      const deep: number[] = [];
      for (let i = 0; i < DEEP_RUNS; i++) {
        await timed(pool, t, random());
        deep.push(await timed(pool, t, p(999)));
        await timed(pool, t, random());
        first.push(await timed(pool, t, p(0)));
      }
      log(`page 0 ${median(first).toFixed(2)} ms, page 999 ${median(deep).toFixed(2)} ms`);
      atLeast(
        'server, page 999 vs page 0 of 100,000 devices, any order (time of page 0 / page 999)',
        median(first) / median(deep),
        0.9,
      );
    } finally {
      await pool.close();
      s.child.kill();
    }
  }

  // The export: ccp against a bare better-sqlite3 NDJSON stream, and ccp's peak memory at 10x the rows.
  {
    const exp = (db: string) => () => run([ccp, '--db', db, 'edgedevice', 'list', '--all', '-o', 'ndjson']);
    const big: Run[] = [];
    const small: Run[] = [];
    const times: number[] = [];
    const bases: number[] = [];
    for (let i = 0; i < HEAVY_RUNS; i++) {
      const b = await run([join(here, 'bare-export.mjs'), db100k]);
      if (b.lines !== 100_000) throw new Error(`the bare export printed ${b.lines} lines`);
      bases.push(b.ms);
      const r = await exp(db100k)();
      if (r.lines !== 100_000) throw new Error(`export printed ${r.lines} lines`);
      big.push(r);
      times.push(r.ms);
      small.push(await exp(db10k)());
    }
    const peak = (rs: Run[]) => median(rs.map((r) => r.rssKB));
    log(
      `export 100k: ccp ${median(times).toFixed(0)} ms, bare ${median(bases).toFixed(0)} ms; peak RSS ${(peak(big) / 1024).toFixed(0)} MB vs ${(peak(small) / 1024).toFixed(0)} MB at 10k`,
    );
    atMost(
      '`ccp edgedevice list --all -o ndjson`, 100,000 devices, vs a bare better-sqlite3 NDJSON stream',
      median(times) / median(bases),
      2.0,
    );
    atMost('peak RSS of that export at 100,000 devices vs 10,000', peak(big) / peak(small), 1.3);
  }

  // Bulk add: 10,000 CSV rows through ccp (its default batches) against a raw insert of the same rows in its
  // own process. The same against a running server: bench/remote-writes.
  {
    const file = join(dir, 'devices.csv');
    writeFileSync(file, csv(10_000));
    const empty = join(dir, 'empty.db');
    sqliteDatabase(empty, [{ uuid: BENCH_ORG, orgName: 'Bench Org' }]).close();
    let k = 0;
    const fresh = () => {
      const db = join(dir, `add-${k++}.db`);
      copyFileSync(empty, db);
      return db;
    };
    const add = () => run([ccp, '--db', fresh(), ...addArgs('-f', file, '-o', 'ndjson')]);
    // The floor: the same CSV parsed, its rows inserted into one table in one transaction (direct-insert.mjs).
    const raw = () =>
      run([
        join(root, 'bench', 'bulk-add', 'direct-insert.mjs'),
        empty,
        join(dir, `floor-${k++}.db`),
        file,
        BENCH_ORG,
        BENCH_USER,
      ]);
    const [cli, base] = await interleaved([add, raw], ADD_RUNS);
    log(`add -f 10k: ccp ${cli!.toFixed(0)} ms, raw ${base!.toFixed(0)} ms`);
    atMost(
      '`ccp edgedevice add -f` 10,000 CSV rows vs parsing them and inserting them into one table in one transaction, its own process',
      cli! / base!,
      2.0,
    );
  }

  // The twin at a million devices, the export against a running server, and the clone (million.ts).
  await millionFigures({ quick, dir, ccp, here, env, run, atMost, log }, db100k);

  // PostgreSQL beside SQLite (postgres.ts); skipped in one line where PostgreSQL is not installed.
  await postgresFigures({
    quick,
    dir,
    ccp,
    here,
    env,
    run,
    atMost,
    atLeast,
    log,
    throughput,
    startServer: (kind, db) => throughputServer(kind, db, join(dir, 'token')),
    token: () => readFileSync(join(dir, 'token'), 'utf8'),
    loadRequests: LOAD_REQUESTS,
    loadRounds: LOAD_ROUNDS,
  });

  // --parallel over a link with 40 ms round trips: the 100,000 devices at 1,000 a page.
  {
    const p = await parallelExport({ db: db100k, dir, runs: HEAVY_RUNS });
    log(
      `parallel export: --parallel 4 ${p.parallelMs.toFixed(0)} ms, page at a time ${p.serialMs.toFixed(0)} ms`,
    );
    atMost(
      '`--all -o ndjson` of 100,000 devices over a 40 ms round trip, `--parallel 4` vs page at a time',
      p.parallelMs / p.serialMs,
      0.45,
    );
  }

  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  table.print(
    `${quick ? 'quick run' : 'full run'}, ${stamp} UTC, load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
