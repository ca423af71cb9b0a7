// `ccp edgedevice apply` of 10,000 changes against `ccp edgedevice add -f` of the same 10,000, each a child
// process on the embedded server over a copy of one database (budget: apply within 1.5x of add). Then the
// peak memory of planning the same file while the listing walk reads 10,000 and 100,000 devices: it should
// stay flat, as the walk keeps only what the plan needs.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from '../lib/devices.js';
import { sqliteDatabase } from '../lib/engine.js';
import { benchEnv } from '../lib/env.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ORG = 'a0000000-0000-4000-8000-0000000000b1';
const SUB = 'a0000000-0000-4000-8000-0000000000b2';
const USER = 'b0000000-0000-4000-8000-0000000000b1';
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'ccp-bench-apply-'));

/** `rows` devices in the organization and `others` in its sub-organization; returns uuid by serial. */
function database(path: string, rows: number, others: number): Map<string, string> {
  const store = sqliteDatabase(path, [
    { uuid: ORG, orgName: 'Bench Org' },
    { uuid: SUB, orgName: 'Bench Sub', organizationUuid: ORG },
  ]);
  const uuids = new Map<string, string>();
  store.tx(() => {
    const start = Date.now() - rows - others;
    for (let i = 0; i < rows + others; i++) {
      const uuid = randomUUID();
      const serial = `SN-${String(i).padStart(7, '0')}`;
      if (i < rows) uuids.set(serial, uuid);
      store.edgeDevices.insert(
        {
          uuid,
          orgUUID: i < rows ? ORG : SUB,
          edgeDeviceName: `gateway ${i}`,
          serialNumber: serial,
          ipAdress: `10.0.${(i >> 8) & 255}.${i & 255}`,
          port: 1024 + (i % 60000),
          location: `Hall ${i % 12}`,
          shortDescription: `Bench device ${i}`,
          isActive: true,
        },
        start + i,
      );
    }
  });
  store.close();
  return uuids;
}

/** Every device with a new IP address; with `uuids`, named by uuid (what add needs to update). */
function changes(rows: number, uuids?: Map<string, string>): string {
  const out = [uuids ? 'uuid,serialNumber,edgeDeviceName,ipAdress' : 'serialNumber,edgeDeviceName,ipAdress'];
  for (let i = 0; i < rows; i++) {
    const serial = `SN-${String(i).padStart(7, '0')}`;
    const row = `${serial},gateway ${i},10.1.${(i >> 8) & 255}.${i & 255}`;
    out.push(uuids ? `${uuids.get(serial)},${row}` : row);
  }
  return `${out.join('\n')}\n`;
}

function ccp(db: string, args: string[]): Promise<{ ms: number; rssMB: number }> {
  const env = benchEnv(dir);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--require',
      join(root, 'bench', 'export-memory', 'report-rss.cjs'),
      join(root, 'bin', 'ccp.js'),
      '--db',
      db,
      ...args,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] },
  );
  let rss = '';
  let err = '';
  child.stdout!.resume();
  child.stderr!.on('data', (c: Buffer) => {
    err += c.toString();
  });
  child.stdio[3]!.on('data', (c: Buffer) => {
    rss += c.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ccp ${args.join(' ')} exited ${code}: ${err}`));
      resolve({ ms: performance.now() - started, rssMB: Number(rss.trim()) / 1024 });
    });
  });
}

async function medianOf(runs: number, measure: (k: number) => Promise<number>): Promise<number> {
  const all: number[] = [];
  for (let k = 0; k < runs; k++) all.push(await measure(k));
  return median(all);
}

try {
  const base = join(dir, 'base.db');
  const uuids = database(base, ROWS, 0);
  const applyFile = join(dir, 'apply.csv');
  const addFile = join(dir, 'add.csv');
  writeFileSync(applyFile, changes(ROWS));
  writeFileSync(addFile, changes(ROWS, uuids));
  const who = ['--org', ORG, '--user', USER];
  const fresh = (name: string) => {
    const path = join(dir, `${name}.db`);
    copyFileSync(base, path);
    return path;
  };
  console.log(`${ROWS} devices, each with a new IP address; median of ${RUNS} runs`);
  const add = await medianOf(
    RUNS,
    async (k) =>
      (await ccp(fresh(`add-${k}`), ['edgedevice', 'add', ...who, '-f', addFile, '-o', 'ndjson'])).ms,
  );
  const apply = await medianOf(
    RUNS,
    async (k) =>
      (await ccp(fresh(`apply-${k}`), ['edgedevice', 'apply', ...who, '-f', applyFile, '-o', 'ndjson'])).ms,
  );
  const ratio = apply / add;
  console.log(`ccp edgedevice add -f (by uuid)        ${add.toFixed(0).padStart(6)} ms`);
  console.log(
    `ccp edgedevice apply -f (plan + apply) ${apply.toFixed(0).padStart(6)} ms | ratio ${ratio.toFixed(2)} ${ratio <= 1.5 ? 'OK' : 'OVER'} (budget <= 1.5)`,
  );
  const twice = fresh('again');
  await ccp(twice, ['edgedevice', 'apply', ...who, '-f', applyFile, '-o', 'ndjson']);
  const second = await ccp(twice, ['edgedevice', 'apply', ...who, '-f', applyFile, '-o', 'ndjson']);
  console.log(
    `second apply of the same file (plans nothing, sends nothing) ${second.ms.toFixed(0).padStart(6)} ms`,
  );

  // The walk over a listing ten times the file: the same plan, the same memory.
  for (const others of [0, ROWS * 9]) {
    const db = join(dir, `walk-${others}.db`);
    database(db, ROWS, others);
    const r = await ccp(db, ['edgedevice', 'apply', ...who, '-f', applyFile, '--dry-run', '-o', 'ndjson']);
    console.log(
      `plan (--dry-run) while the walk reads ${String(ROWS + others).padStart(6)} devices: ${r.ms.toFixed(0).padStart(6)} ms  peak RSS ${r.rssMB.toFixed(0).padStart(4)} MB`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
