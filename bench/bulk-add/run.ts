// Adding 10,000 devices from a CSV through `ccp edgedevice add -f` (a child process against the embedded
// server over a temp database, printing every saved device as NDJSON), against inserting the same rows
// straight into the project's own schema with better-sqlite3 in this process, in batches of the same size.
// Target: the CLI within 2x of the floor: a fresh process of its own (direct-insert.mjs) that parses the
// same CSV and inserts its rows into one table in one transaction, paying the same start-up as ccp does.
// The direct insert in this (warm) process, in batches of the same size, is shown beside it.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { importFixture, openStore } from '../../src/server/index.js';
import { benchEnv } from '../lib/env.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const BATCHES = (process.env.BENCH_BATCH ?? '100,1000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ORG = 'a0000000-0000-4000-8000-0000000000b1';
const USER = 'b0000000-0000-4000-8000-0000000000b1';
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'ccp-bench-bulk-'));

function csv(rows: number): string {
  const out = ['edgeDeviceName,serialNumber,ipAdress,port,location,shortDescription,isActive'];
  for (let i = 0; i < rows; i++) {
    out.push(
      `"gateway ${i}, rack ${i % 40}",SN-${String(i).padStart(6, '0')},10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255},${1024 + (i % 60000)},"Hall ${i % 12}","Bulk, row ${i}",true`,
    );
  }
  return `${out.join('\n')}\n`;
}

function viaCli(file: string, dbPath: string, batch: number, rows = ROWS): number {
  const store = openStore(dbPath);
  importFixture(store, { organizations: [{ uuid: ORG, orgName: 'Bench Org' }] });
  store.close();
  const env = benchEnv(dir);
  const args = [
    join(root, 'bin', 'ccp.js'),
    '--db',
    dbPath,
    'edgedevice',
    'add',
    '--org',
    ORG,
    '--user',
    USER,
  ];
  const started = performance.now();
  const r = spawnSync(
    process.execPath,
    [...args, '-f', file, '--batch-size', String(batch), '-o', 'ndjson'],
    {
      env,
      maxBuffer: 256 * 1024 * 1024,
      encoding: 'utf8',
    },
  );
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`ccp exited ${r.status}: ${r.stderr}`);
  const printed = r.stdout.split('\n').filter((l) => l !== '').length;
  if (printed !== rows) throw new Error(`ccp printed ${printed} devices, expected ${rows}`);
  return ms;
}

/**
 * The same rows, parsed from the same file, inserted straight into the project's real schema (openStore:
 * the same table, indexes, foreign keys and pragmas) with one prepared statement, one transaction per batch.
 */
function direct(text: string, dbPath: string, batch: number): number {
  const store = openStore(dbPath);
  importFixture(store, { organizations: [{ uuid: ORG, orgName: 'Bench Org' }] });
  const insert = store.db.prepare(`INSERT INTO edge_devices (uuid, org_uuid, user_uuid, edge_device_name,
    serial_number, ip_adress, port, location, short_description, long_description, no_of_devices, is_active,
    is_disabled, created_on, modified_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, NULL, ?, ?)`);
  const started = performance.now();
  const rows = parse(text, { columns: true }) as Record<string, string>[];
  const save = store.db.transaction((part: Record<string, string>[]) => {
    const now = Date.now();
    for (const r of part) {
      insert.run(
        randomUUID(),
        ORG,
        USER,
        r.edgeDeviceName,
        r.serialNumber,
        r.ipAdress,
        Number(r.port),
        r.location,
        r.shortDescription,
        r.isActive === 'true' ? 1 : 0,
        now,
        now,
      );
    }
  });
  for (let i = 0; i < rows.length; i += batch) save(rows.slice(i, i + batch));
  const ms = performance.now() - started;
  store.close();
  return ms;
}

/** Median of `runs` measurements, each on a fresh database (the machine may be shared). */
function median(runs: number, measure: (k: number) => number): number {
  const all = Array.from({ length: runs }, (_, k) => measure(k)).sort((a, b) => a - b);
  return all[Math.floor(all.length / 2)]!;
}

/**
 * The floor (direct-insert.mjs): the same CSV parsed and its rows inserted into one table with the devices
 * table's columns and indexes, in one transaction, by a fresh node process.
 */
function directProcess(file: string, dbPath: string): number {
  const schema = join(dir, 'schema.db');
  openStore(schema).close();
  const script = join(root, 'bench', 'bulk-add', 'direct-insert.mjs');
  const started = performance.now();
  const r = spawnSync(process.execPath, [script, schema, dbPath, file, ORG, USER], { encoding: 'utf8' });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`direct-insert.mjs exited ${r.status}: ${r.stderr}`);
  return ms;
}

try {
  const text = csv(ROWS);
  const file = join(dir, 'devices.csv');
  writeFileSync(file, text);
  const fmt = (ms: number) =>
    `${ms.toFixed(0).padStart(6)} ms ${(ROWS / (ms / 1000)).toFixed(0).padStart(7)} rows/s`;
  console.log(`${ROWS} rows from a CSV; each figure is the median of ${RUNS} runs`);
  // The fixed cost of any run (node, modules, config, embedded server), measured with a one-row file.
  const one = join(dir, 'one.csv');
  writeFileSync(one, csv(1));
  const fixed = median(RUNS, (k) => viaCli(one, join(dir, `cli-one-${k}.db`), 1, 1));
  console.log(`fixed cost of one ccp run (1 row): ${fixed.toFixed(0)} ms`);
  for (const batch of BATCHES) {
    const cli = median(RUNS, (k) => viaCli(file, join(dir, `cli-${batch}-${k}.db`), batch));
    const direct_ = median(RUNS, (k) => direct(text, join(dir, `direct-${batch}-${k}.db`), batch));
    const cold = median(RUNS, (k) => directProcess(file, join(dir, `direct-proc-${batch}-${k}.db`)));
    const verdict = (r: number) => `${r.toFixed(2)} ${r <= 2 ? 'OK' : 'OVER'}`;
    console.log(
      `batch ${String(batch).padStart(4)}: ccp edgedevice add -f ${fmt(cli)} (${(cli - fixed).toFixed(0)} ms past the fixed cost)`,
    );
    console.log(
      `            the floor, its own process (one transaction) ${fmt(cold)} | ratio ${verdict(cli / cold)} (target <= 2)`,
    );
    console.log(
      `            better-sqlite3, in this process ${fmt(direct_)} | ratio ${verdict(cli / direct_)}`,
    );
  }
  const single = median(RUNS, (k) => direct(text, join(dir, `direct-single-${k}.db`), ROWS));
  console.log(`better-sqlite3 in one transaction: ${fmt(single)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
