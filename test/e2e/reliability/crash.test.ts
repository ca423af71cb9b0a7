// A crash mid bulk add: `kill -9` of the server while `ccp edgedevice add -f big.csv` sends batches to it.
// After a restart the database is intact, each batch is whole or absent (one transaction per request), and a
// `--skip-existing` re-run ends with exactly the rows of the file.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../../src/server/store/sqlite.js';
import { ORG } from '../../fixtures/basic-ids.js';
import { addAsAdmin, BIN, isolatedEnv, ROOT, spawnCcp, tempDir } from '../../helpers/cli.js';
import { FIXTURES_DIR } from '../../helpers/server.js';
import { type ServerProcess, startServerProcess } from '../../helpers/server-process.js';

const ROWS = 8_000;
const BATCH = 100;
const serial = (i: number) => `CRASH-${String(i).padStart(6, '0')}`;

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let db: string;
let csv: string;
let token: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  tmp = await tempDir('ccp-crash-');
  env = isolatedEnv(tmp.dir);
  db = join(tmp.dir, 'crash.db');
  csv = join(tmp.dir, 'big.csv');
  const lines = ['edgeDeviceName,serialNumber'];
  for (let i = 0; i < ROWS; i++) lines.push(`device ${i},${serial(i)}`);
  writeFileSync(csv, `${lines.join('\n')}\n`);
  expect(
    (await spawnCcp(['server', 'import', join(FIXTURES_DIR, 'basic.json'), '--db', db], { env })).code,
  ).toBe(0);
  const created = await spawnCcp(
    ['server', 'token', 'create', '--org', ORG.root, '--role', 'admin', '--db', db],
    {
      env,
    },
  );
  token = created.stdout.trim();
}, 120_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await tmp.remove();
});

function storedSerials(): string[] {
  const check = openSqlite(db, { readonly: true });
  try {
    return check
      .prepare("SELECT serial_number FROM edge_devices WHERE serial_number GLOB 'CRASH-*'")
      .pluck()
      .all() as string[];
  } finally {
    check.close();
  }
}

/** The bulk add of the CSV, BATCH rows a request, to the running server, then `extra`. */
const bulkAdd = (url: string, ...extra: string[]) =>
  addAsAdmin(
    '-f',
    csv,
    '--batch-size',
    String(BATCH),
    ...extra,
    '--base-url',
    url,
    '--token',
    token,
    '-o',
    'json',
  );

describe('kill -9 of the server mid bulk add', () => {
  it('integrity ok, every batch whole or absent, and a --skip-existing re-run ends with exactly the file', async () => {
    server = await startServerProcess(db, env);
    const add = spawn(process.execPath, [BIN, ...bulkAdd(server.url)], { env, cwd: ROOT, stdio: 'ignore' });
    const addExited = new Promise<number | null>((r) => add.on('exit', (code) => r(code)));
    // Kill once some batches are in, while the command is still sending.
    let atKill = 0;
    for (;;) {
      await new Promise((r) => setTimeout(r, 20));
      atKill = storedSerials().length;
      if (atKill >= 10 * BATCH) break;
    }
    await server.stop('SIGKILL');
    server = undefined;
    const addCode = await addExited;
    expect(atKill).toBeLessThan(ROWS);
    expect(addCode).not.toBe(0);

    const check = openSqlite(db);
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();
    const afterCrash = new Set(storedSerials());
    // The CLI sends the file's rows in order, BATCH a request: each batch is all there or not at all.
    for (let b = 0; b < ROWS / BATCH; b++) {
      const present = Array.from({ length: BATCH }, (_, k) => afterCrash.has(serial(b * BATCH + k)));
      expect(new Set(present).size, `batch ${b}`).toBe(1);
    }
    console.log(
      `[crash] killed with ${atKill} rows stored; after restart ${afterCrash.size} rows, in whole batches`,
    );

    server = await startServerProcess(db, env);
    const rerun = await spawnCcp(bulkAdd(server.url, '--skip-existing'), { env, timeoutMs: 150_000 });
    expect(rerun.code, rerun.stderr).toBe(0);
    const final = storedSerials().sort();
    expect(final).toHaveLength(ROWS);
    expect(final).toEqual(Array.from({ length: ROWS }, (_, i) => serial(i)));
  }, 180_000);
});
