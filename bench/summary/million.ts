// The twin at a million devices (issue 22): import memory, deep and fresh pages, the exports embedded and
// against a running `ccp server start`, and a clone. Called by run.ts, whose table it adds to.
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'undici';
import { type CcpServer, ccpServer as startCcpServer } from '../lib/ccp-server.js';
import { BENCH_ORG, BENCH_USER, median } from '../lib/devices.js';
import { sqliteDatabase } from '../lib/engine.js';
import { lookupFigures } from '../lib/lookup.js';
import { importFile, syntheticDatabase } from '../lib/million.js';
import { type Run, timed, walkInOrder } from './harness.js';

export interface Bench {
  quick: boolean;
  dir: string;
  ccp: string;
  here: string;
  env: NodeJS.ProcessEnv;
  run(args: string[], extraEnv?: NodeJS.ProcessEnv): Promise<Run>;
  atMost(figure: string, now: number, budget: number): void;
  log(s: string): void;
}

// The import validates every record (zod) and keeps the listing's counts; hashing passwords made it 17 times
// its bare insert at 20,000 devices.
const IMPORT_VS_BARE = 4;

const ccpServer = (b: Bench, db: string): Promise<CcpServer> => startCcpServer(b.ccp, db, b.env);

export async function millionFigures(b: Bench, db100k: string): Promise<void> {
  const { quick, dir } = b;
  const MILLION = 1_000_000;
  const RUNS = quick ? 1 : 3;
  const PAGE_RUNS = quick ? 30 : 100;

  // Import: an NDJSON file (one device in ten with a password) streamed into a fresh database; its peak
  // memory, whatever the file's size, and its time against a bare insert of the same rows, run in turns.
  {
    const count = quick ? 200_000 : MILLION;
    const file = join(dir, 'import.ndjson');
    await importFile(file, count);
    const imports: Run[] = [];
    const bares: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const bareDb = join(dir, `bare-${i}.db`);
      sqliteDatabase(bareDb).close();
      bares.push((await b.run([join(b.here, 'bare-import.mjs'), bareDb, file])).ms);
      imports.push(await b.run([b.ccp, 'server', 'import', file, '--db', join(dir, `imported-${i}.db`)]));
    }
    const importMs = median(imports.map((r) => r.ms));
    const bareMs = median(bares);
    const peakMB = Math.max(...imports.map((r) => r.rssKB)) / 1024;
    b.log(
      `import of ${count} devices: ${(importMs / 1000).toFixed(1)} s (bare insert ${(bareMs / 1000).toFixed(1)} s), peak RSS ${peakMB.toFixed(0)} MB`,
    );
    b.atMost(
      `\`ccp server import\` of ${count.toLocaleString('en')} devices (NDJSON): peak RSS in MB`,
      peakMB,
      300,
    );
    b.atMost(
      `the same import's time vs a bare better-sqlite3 insert of its rows in its own process`,
      importMs / bareMs,
      IMPORT_VS_BARE,
    );
  }

  const started = performance.now();
  const db1m = join(dir, 'd1m.db');
  await syntheticDatabase(db1m, MILLION);
  b.log(`1,000,000 devices generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // `edgedevice get <serial>` embedded, by the twin's indexes (lookup.ts).
  await lookupFigures(b, db1m);

  // Pages against `ccp server start`: deep pages walked in order, and page 0 at 1M against 100k, steady and
  // right after a write.
  const big = await ccpServer(b, db1m);
  const small = await ccpServer(b, db100k);
  const pools = [new Pool(big.url, { connections: 1 }), new Pool(small.url, { connections: 1 })] as const;
  try {
    // Each page follows its own walk's previous one (the page ends the listing remembers are kept per offset).
    const { first: f, deep: d } = await walkInOrder(pools[0], big.token, PAGE_RUNS);
    b.log(`pages walked in order at 1M: from 0 ${f.toFixed(2)} ms, up to 99,999 ${d.toFixed(2)} ms`);
    b.atMost('server at 1M devices, page 99,999 vs page 0 (pageSize=10), walked in order', d / f, 1.2);

    const PAGE0 = '/edgedevice/all/0?pageSize=10';
    const steady: number[][] = [[], []];
    const written: number[][] = [[], []];
    let k = 0;
    for (let i = 0; i < PAGE_RUNS; i++) {
      for (const s of [0, 1] as const) {
        const t = s === 0 ? big.token : small.token;
        steady[s]!.push(await timed(pools[s], t, PAGE0));
        const add = `/edgedevice/org/${BENCH_ORG}/user/${BENCH_USER}/add`;
        const record = { edgeDeviceName: `written ${k}`, serialNumber: `W-${k++}` };
        await timed(pools[s], t, add, JSON.stringify({ data: [record], metadata: {} }));
        written[s]!.push(await timed(pools[s], t, PAGE0));
      }
    }
    const [s1m, s100k, w1m, w100k] = [...steady, ...written].map(median) as [number, number, number, number];
    b.log(
      `page 0: 1M ${s1m.toFixed(2)} ms, 100k ${s100k.toFixed(2)} ms; after a write 1M ${w1m.toFixed(2)}, 100k ${w100k.toFixed(2)}`,
    );
    b.atMost('server, a page request at 1M devices vs at 100,000, steady', s1m / s100k, 1.3);
    b.atMost('the same right after a write', w1m / w100k, 1.3);
  } finally {
    await Promise.all(pools.map((p) => p.close()));
    await big.stop();
  }

  // Exports: the million on the embedded default, and 100,000 against the running server, each against the
  // bare better-sqlite3 stream of the same rows in a process of its own.
  try {
    const bare = join(b.here, 'bare-export.mjs');
    const remote = { CCP_BASE_URL: small.url, CCP_TOKEN: small.token };
    const times = { m: [] as number[], mBare: [] as number[], r: [] as number[], rBare: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      times.mBare.push((await b.run([bare, db1m])).ms);
      const m = await b.run([b.ccp, '--db', db1m, 'edgedevice', 'list', '--all', '-o', 'ndjson']);
      if (m.lines < MILLION) throw new Error(`the export printed ${m.lines} lines`);
      times.m.push(m.ms);
      times.rBare.push((await b.run([bare, db100k])).ms);
      const r = await b.run([b.ccp, 'edgedevice', 'list', '--all', '-o', 'ndjson'], remote);
      if (r.lines < 100_000) throw new Error(`the remote export printed ${r.lines} lines`);
      times.r.push(r.ms);
    }
    const [m, mBare, r, rBare] = [times.m, times.mBare, times.r, times.rBare].map(median) as number[];
    b.log(
      `export 1M embedded ${m!.toFixed(0)} ms vs bare ${mBare!.toFixed(0)}; 100k remote ${r!.toFixed(0)} ms vs bare ${rBare!.toFixed(0)}`,
    );
    b.atMost(
      '`ccp edgedevice list --all -o ndjson`, 1,000,000 devices, embedded, vs the bare stream',
      m! / mBare!,
      2.0,
    );
    b.atMost(
      'the same, 100,000 devices, against `ccp server start` (HTTP between two processes)',
      r! / rBare!,
      2.0,
    );

    // The clone of the running server's 100,000 devices, against doing the same by hand: their export from
    // the server (just measured) and `ccp server import` of that export into a copy holding the organization.
    const file = join(b.dir, 'd100k.ndjson');
    const out = openSync(file, 'w');
    try {
      const dump = spawnSync(
        process.execPath,
        [b.ccp, '--db', db100k, 'edgedevice', 'list', '--all', '-o', 'ndjson'],
        {
          env: b.env,
          stdio: ['ignore', out, 'inherit'],
        },
      );
      if (dump.status !== 0) throw new Error(`the export for the import exited ${dump.status}`);
    } finally {
      closeSync(out);
    }
    const orgFile = join(b.dir, 'org.json');
    writeFileSync(orgFile, JSON.stringify({ organizations: [{ uuid: BENCH_ORG, orgName: 'Bench Org' }] }));
    const imports: number[] = [];
    const clones: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const copy = join(b.dir, `import-${i}.db`);
      await b.run([b.ccp, '--db', copy, 'server', 'import', orgFile]);
      imports.push((await b.run([b.ccp, '--db', copy, 'server', 'import', file])).ms);
      clones.push(
        await b.run(
          [
            b.ccp,
            'server',
            'clone',
            '--from',
            'default',
            '--db',
            join(b.dir, `clone-${i}.db`),
            '--org',
            BENCH_ORG,
            '-q',
          ],
          remote,
        ),
      );
    }
    const [clone, imported] = [median(clones.map((c) => c.ms)), median(imports)];
    b.log(
      `clone of 100k: ${(clone / 1000).toFixed(1)} s, peak RSS ${(median(clones.map((c) => c.rssKB)) / 1024).toFixed(0)} MB; ` +
        `by hand: export ${(r! / 1000).toFixed(1)} s + import ${(imported / 1000).toFixed(1)} s ` +
        `(clone / export alone: ${(clone / r!).toFixed(2)})`,
    );
    b.atMost(
      '`ccp server clone` of 100,000 devices vs their export from the same server, then `server import` of it',
      clone / (r! + imported),
      1.0,
    );
  } finally {
    await small.stop();
  }
}
