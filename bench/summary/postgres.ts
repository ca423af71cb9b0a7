// PostgreSQL beside SQLite (issue 39): a page against a bare `pg` server, deep pages at a million devices,
// `server import` of a million devices against a bare COPY, and a bulk add through a PostgreSQL-backed server
// against a SQLite-backed one. Called by run.ts, whose table it adds to; without PostgreSQL it says so in one
// line and adds nothing.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'undici';
import { ccpServer } from '../lib/ccp-server.js';
import { addArgs, BENCH_ORG, median } from '../lib/devices.js';
import { sqliteDatabase } from '../lib/engine.js';
import { importFile } from '../lib/million.js';
import { benchCluster, fillDevices } from '../lib/postgres.js';
import { type Run, walkInOrder } from './harness.js';
import type { Bench } from './million.js';

export interface PgBench extends Bench {
  atLeast(figure: string, now: number, budget: number): void;
  /** Requests per second of `count` GETs of `path` over 50 keep-alive connections. */
  throughput(url: string, path: string, count: number, token: string): Promise<number>;
  /** A server of servers.ts (`project` or `bare-pg`) on `db`, its token written to the run's token file. */
  startServer(kind: 'project' | 'bare-pg', db: string): Promise<{ url: string; stop(): void }>;
  token(): string;
  loadRequests: number;
  loadRounds: number;
}

/** A CSV of `rows` devices whose serial numbers start with `prefix` (each run adds devices of its own). */
function csvOf(prefix: string, rows: number): string {
  const out = ['edgeDeviceName,serialNumber,ipAdress,port,location,shortDescription,isActive'];
  for (let i = 0; i < rows; i++) {
    out.push(
      `"gateway ${i}",${prefix}-${String(i).padStart(6, '0')},10.0.${(i >> 8) & 255}.${i & 255},${1024 + i},Hall,"Bulk row ${i}",true`,
    );
  }
  return `${out.join('\n')}\n`;
}

export async function postgresFigures(b: PgBench): Promise<void> {
  const c = await benchCluster();
  if ('missing' in c) {
    b.log(`PostgreSQL figures skipped: ${c.missing}`);
    return;
  }
  const RUNS = Number(process.env.BENCH_RUNS) || (b.quick ? 1 : 3);
  const ADD_RUNS = b.quick ? 3 : 7;
  const PAGE_RUNS = b.quick ? 30 : 100;
  // BENCH_ONLY=page,deep,import,add: those figures alone; BENCH_IMPORT=N: the import of N devices;
  // BENCH_RUNS=N: N turns of the import.
  const only = process.env.BENCH_ONLY?.split(',');
  const wanted = (name: string) => !only || only.includes(name);
  try {
    // 1. A server page on PostgreSQL against node:http + pg doing the same query, in turns.
    if (wanted('page')) {
      const db = await c.twin();
      await fillDevices(c, db, 10_000);
      const kinds = ['bare-pg', 'project'] as const;
      const rates = { project: [] as number[], 'bare-pg': [] as number[] };
      const servers: { url: string; stop(): void }[] = [];
      const path = '/edgedevice/all/0?pageSize=100';
      try {
        for (const kind of kinds) servers.push(await b.startServer(kind, db));
        const t = b.token();
        for (const s of servers) await b.throughput(s.url, path, 500, t);
        for (let round = 0; round < b.loadRounds; round++) {
          for (const [k, kind] of kinds.entries())
            rates[kind].push(await b.throughput(servers[k]!.url, path, b.loadRequests, t));
        }
      } finally {
        for (const s of servers) s.stop();
      }
      b.log(
        `PostgreSQL GET page 0 x100: project ${median(rates.project).toFixed(0)} req/s, bare ${median(rates['bare-pg']).toFixed(0)} req/s`,
      );
      b.atLeast(
        'PostgreSQL: server, GET /edgedevice/all/0?pageSize=100, 50 connections, vs bare node:http + pg',
        median(rates.project) / median(rates['bare-pg']),
        0.9,
      );
    }

    // 2. Deep pages at a million devices, walked in order as on SQLite (million.ts).
    if (wanted('deep')) {
      const db = await c.twin();
      const started = performance.now();
      await fillDevices(c, db, 1_000_000);
      b.log(`PostgreSQL: 1,000,000 devices made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const s = await ccpServer(b.ccp, db, b.env);
      const pool = new Pool(s.url, { connections: 1 });
      try {
        const { first: f, deep: d } = await walkInOrder(pool, s.token, PAGE_RUNS);
        b.log(`PostgreSQL pages at 1M: from 0 ${f.toFixed(2)} ms, up to 99,999 ${d.toFixed(2)} ms`);
        b.atMost(
          'PostgreSQL: server at 1M devices, page 99,999 vs page 0 (pageSize=10), walked in order',
          d / f,
          1.2,
        );
      } finally {
        await pool.close();
        await s.stop();
      }
    }

    // 3. `ccp server import` of a million devices against a bare COPY of the same rows, in turns.
    if (wanted('import')) {
      const count = Number(process.env.BENCH_IMPORT) || (b.quick ? 200_000 : 1_000_000);
      const file = join(b.dir, 'import-pg.ndjson');
      await importFile(file, count);
      const imports: Run[] = [];
      const bares: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        bares.push(
          (await b.run([join(b.here, 'bare-import-pg.mjs'), await c.twin({ bare: true }), file])).ms,
        );
        imports.push(await b.run([b.ccp, 'server', 'import', file, '--db', await c.twin({ bare: true })]));
      }
      const importMs = median(imports.map((r) => r.ms));
      const bareMs = median(bares);
      const peakMB = Math.max(...imports.map((r) => r.rssKB)) / 1024;
      b.log(
        `PostgreSQL import of ${count} devices: ${(importMs / 1000).toFixed(1)} s (bare COPY ${(bareMs / 1000).toFixed(1)} s), peak RSS ${peakMB.toFixed(0)} MB`,
      );
      b.atMost(
        `PostgreSQL: \`ccp server import\` of ${count.toLocaleString('en')} devices (NDJSON): peak RSS in MB`,
        peakMB,
        300,
      );
      b.atMost(
        "PostgreSQL: the same import's time vs a bare COPY of its rows (pg-copy-streams) in its own process",
        importMs / bareMs,
        1.5,
      );
    }

    // 4. `edgedevice add -f` of 10,000 rows through a PostgreSQL-backed server against a SQLite-backed one.
    if (wanted('add')) {
      const empty = join(b.dir, 'add-empty-pg.db');
      sqliteDatabase(empty, [{ uuid: BENCH_ORG, orgName: 'Bench Org' }]).close();
      const sqliteDb = join(b.dir, 'add-sqlite.db');
      copyFileSync(empty, sqliteDb);
      const servers = [
        await ccpServer(b.ccp, await c.twin(), b.env),
        await ccpServer(b.ccp, sqliteDb, b.env),
      ];
      try {
        let k = 0;
        const add = (s: (typeof servers)[number]) => () => {
          const file = join(b.dir, `add-${k}.csv`);
          writeFileSync(file, csvOf(`R${k++}`, 10_000));
          return b.run([b.ccp, ...addArgs('-f', file, '--batch-size', '100', '-o', 'ndjson')], {
            CCP_BASE_URL: s.url,
            CCP_TOKEN: s.token,
          });
        };
        const times: number[][] = [[], []];
        for (let i = 0; i < ADD_RUNS; i++) {
          for (const [j, s] of servers.entries()) times[j]!.push((await add(s)()).ms);
        }
        const [onPg, onSqlite] = times.map(median) as [number, number];
        b.log(
          `add -f 10k through a server: PostgreSQL ${onPg.toFixed(0)} ms, SQLite ${onSqlite.toFixed(0)} ms`,
        );
        b.atMost(
          'PostgreSQL: `ccp edgedevice add -f` 10,000 CSV rows against `ccp server start`, vs the same on SQLite',
          onPg / onSqlite,
          2.0,
        );
      } finally {
        for (const s of servers) await s.stop();
      }
    }
  } finally {
    await c.stop();
  }
}
