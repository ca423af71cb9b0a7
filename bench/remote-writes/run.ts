// The two figures of issue 37 against a running `ccp server start`, alone and quicker than the summary:
// `ccp edgedevice add -f` of 10,000 CSV rows against its floor (direct-insert.mjs), and
// `ccp edgedevice list --all -o ndjson` of 100,000 devices against the bare stream (bare-export.mjs).
// Each pair takes turns run after run; medians compared. BENCH_RUNS (default 9), BENCH_ONLY=add|export,
// BENCH_BATCH (the add's --batch-size; unset: ccp's default), BENCH_OTHER (another build's bin/ccp.js, whose
// add and export, client and server, take their turns beside this one's), BENCH_COLD=1 (the add on a server that has served
// no write yet).
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ccpServer } from '../lib/ccp-server.js';
import { addArgs, BENCH_ORG, BENCH_USER, deviceDatabase, median } from '../lib/devices.js';
import { sqliteDatabase } from '../lib/engine.js';
import { benchEnv } from '../lib/env.js';
import { csv } from '../summary/csv.js';
import { runner } from '../summary/harness.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const ONLY = process.env.BENCH_ONLY;
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const ccp = join(root, 'bin', 'ccp.js');
const dir = mkdtempSync(join(tmpdir(), 'ccp-bench-remote-'));
const env = benchEnv(dir);

const run = runner(env);

const load = () => loadavg()[0]!.toFixed(1);

try {
  if (ONLY !== 'export') {
    const file = join(dir, 'devices.csv');
    writeFileSync(file, csv(10_000));
    const empty = join(dir, 'empty.db');
    sqliteDatabase(empty, [{ uuid: BENCH_ORG, orgName: 'Bench Org' }]).close();
    // Each --batch-size asked for (BENCH_BATCH=100,1000), '' for ccp's default.
    const sizes = (process.env.BENCH_BATCH ?? '').split(',');
    const bins = [ccp, ...(process.env.BENCH_OTHER ? [process.env.BENCH_OTHER] : [])];
    const cli: number[][] = bins.flatMap(() => sizes.map(() => []));
    const floor: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      floor.push(
        (
          await run([
            join(root, 'bench', 'bulk-add', 'direct-insert.mjs'),
            empty,
            join(dir, `floor-${i}.db`),
            file,
            BENCH_ORG,
            BENCH_USER,
          ])
        ).ms,
      );
      for (const [k, [bin, size]] of bins.flatMap((b) => sizes.map((z) => [b, z] as const)).entries()) {
        // A fresh server on a fresh copy each turn (started outside the timing): the serials are the same.
        const db = join(dir, `add-${i}-${k}.db`);
        copyFileSync(empty, db);
        const s = await ccpServer(bin, db, env);
        const remote = { CCP_BASE_URL: s.url, CCP_TOKEN: s.token };
        try {
          // A server that has served a write before, as a running one has (BENCH_COLD=1: a fresh one): its
          // first write loads the schemas and warms their checks.
          if (process.env.BENCH_COLD !== '1')
            await run([bin, ...addArgs('--name', 'warm', '--serial', 'WARM-UP', '-q')], remote);
          const batch = size ? ['--batch-size', size] : [];
          const r = await run([bin, ...addArgs('-f', file, ...batch, '-o', 'ndjson')], remote);
          if (r.lines !== 10_000) throw new Error(`add printed ${r.lines} lines`);
          cli[k]!.push(r.ms);
        } finally {
          await s.stop();
        }
      }
    }
    const f = median(floor);
    for (const [k, [bin, size]] of bins.flatMap((b) => sizes.map((z) => [b, z] as const)).entries()) {
      const c = median(cli[k]!);
      console.log(
        `add -f 10k via server, ${bin === ccp ? 'this build' : bin}, --batch-size ${size || 'default'}: ccp ${c.toFixed(0)} ms, floor ${f.toFixed(0)} ms, ratio ${(c / f).toFixed(2)} (load ${load()})`,
      );
    }
  }
  if (ONLY !== 'add') {
    const db100k = join(dir, 'd100k.db');
    const db10k = join(dir, 'd10k.db');
    await (await deviceDatabase(db100k, 100_000)).close();
    await (await deviceDatabase(db10k, 10_000)).close();
    // This build, and BENCH_OTHER's (its client against its own server), taking turns with the bare stream.
    const bins = [ccp, ...(process.env.BENCH_OTHER ? [process.env.BENCH_OTHER] : [])];
    const servers = await Promise.all(
      bins.map(async (bin) => ({
        bin,
        big: await ccpServer(bin, db100k, env),
        small: await ccpServer(bin, db10k, env),
      })),
    );
    try {
      const bases: number[] = [];
      const times = bins.map((): number[] => []);
      const rBig = bins.map((): number[] => []);
      const rSmall = bins.map((): number[] => []);
      const exp = (bin: string, s: { url: string; token: string }) =>
        run([bin, 'edgedevice', 'list', '--all', '-o', 'ndjson'], {
          CCP_BASE_URL: s.url,
          CCP_TOKEN: s.token,
        });
      for (let i = 0; i < RUNS; i++) {
        bases.push((await run([join(root, 'bench', 'summary', 'bare-export.mjs'), db100k])).ms);
        for (const [k, { bin, big, small }] of servers.entries()) {
          const r = await exp(bin, big);
          if (r.lines !== 100_000) throw new Error(`export printed ${r.lines} lines`);
          times[k]!.push(r.ms);
          rBig[k]!.push(r.rssKB);
          rSmall[k]!.push((await exp(bin, small)).rssKB);
        }
      }
      const b = median(bases);
      for (const [k, bin] of bins.entries()) {
        const t = median(times[k]!);
        const [mb, ms] = [median(rBig[k]!), median(rSmall[k]!)];
        console.log(
          `export 100k via server, ${bin === ccp ? 'this build' : bin}: ccp ${t.toFixed(0)} ms, bare ${b.toFixed(0)} ms, ` +
            `ratio ${(t / b).toFixed(2)}; peak RSS ${(mb / 1024).toFixed(0)} MB vs ${(ms / 1024).toFixed(0)} MB at 10k, ` +
            `ratio ${(mb / ms).toFixed(2)} (load ${load()})`,
        );
      }
    } finally {
      for (const s of servers) {
        await s.big.stop();
        await s.small.stop();
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
