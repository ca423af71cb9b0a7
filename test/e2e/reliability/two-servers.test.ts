// decisions.md "Several processes, one database": two `ccp server start` on one file and embedded `ccp`
// commands on it too, all writing for a few seconds. Every write is acknowledged, every acknowledged write
// is stored (and nothing else), no error reaches a client, and the servers log no failure.
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../../src/server/store/sqlite.js';
import { ORG, USER } from '../../fixtures/basic-ids.js';
import { isolatedEnv, spawnCcp, tempDir } from '../../helpers/cli.js';
import { FIXTURES_DIR } from '../../helpers/server.js';
import { type ServerProcess, startServerProcess } from '../../helpers/server-process.js';

const DURATION_MS = 3000;
const HTTP_WRITERS_PER_SERVER = 3;
const CLI_WRITERS = 2;
const PER_REQUEST = 3;

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let db: string;
let token: string;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  tmp = await tempDir('ccp-two-servers-');
  env = isolatedEnv(tmp.dir);
  db = join(tmp.dir, 'shared.db');
  const imported = await spawnCcp(['server', 'import', join(FIXTURES_DIR, 'basic.json'), '--db', db], {
    env,
  });
  expect(imported.code, imported.stderr).toBe(0);
  const created = await spawnCcp(
    ['server', 'token', 'create', '--org', ORG.root, '--role', 'admin', '--db', db],
    {
      env,
    },
  );
  expect(created.code, created.stderr).toBe(0);
  token = created.stdout.trim();
  servers = await Promise.all([startServerProcess(db, env), startServerProcess(db, env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await tmp.remove();
});

interface Tally {
  attempted: Set<string>;
  acknowledged: Set<string>;
  writes: number;
  failures: string[];
  reads: number;
  slowestReadMs: number;
}

async function httpWriter(url: string, tag: string, until: number, t: Tally): Promise<void> {
  for (let n = 0; Date.now() < until; n++) {
    const serials = Array.from({ length: PER_REQUEST }, (_, k) => `${tag}-${n}-${k}`);
    for (const s of serials) t.attempted.add(s);
    try {
      const res = await request(`${url}/edgedevice/org/${ORG.root}/user/${USER.admin}/add`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: serials.map((s) => ({ edgeDeviceName: s, serialNumber: s })) }),
      });
      const body = (await res.body.json()) as { statusCode: string; reason?: string };
      t.writes++;
      if (body.statusCode === 'OK') for (const s of serials) t.acknowledged.add(s);
      else t.failures.push(`${tag}: ${res.statusCode} ${body.reason}`);
    } catch (err) {
      t.failures.push(`${tag}: ${(err as Error).message}`);
    }
  }
}

async function reader(url: string, until: number, t: Tally): Promise<void> {
  while (Date.now() < until) {
    const started = performance.now();
    const res = await request(`${url}/edgedevice/all/0?pageSize=50`, {
      headers: { authorization: `Bearer ${token}`, time_zone: 'UTC' },
    });
    const body = (await res.body.json()) as { statusCode: string; reason?: string };
    t.reads++;
    t.slowestReadMs = Math.max(t.slowestReadMs, performance.now() - started);
    if (body.statusCode !== 'OK') t.failures.push(`read: ${res.statusCode} ${body.reason}`);
  }
}

async function cliWriter(tag: string, until: number, t: Tally): Promise<void> {
  for (let n = 0; Date.now() < until; n++) {
    const serial = `${tag}-${n}`;
    t.attempted.add(serial);
    const r = await spawnCcp(
      [
        'edgedevice',
        'add',
        '--db',
        db,
        '--org',
        ORG.root,
        '--user',
        USER.admin,
        '--name',
        serial,
        '--serial',
        serial,
      ],
      { env, timeoutMs: 60_000 },
    );
    t.writes++;
    if (r.code === 0) t.acknowledged.add(serial);
    else t.failures.push(`${tag}: exit ${r.code} ${r.stderr.trim()}`);
  }
}

describe('two servers and embedded commands on one database file', () => {
  it('every write acknowledged, acknowledged = stored, no error reaching a client', async () => {
    const t: Tally = {
      attempted: new Set(),
      acknowledged: new Set(),
      writes: 0,
      failures: [],
      reads: 0,
      slowestReadMs: 0,
    };
    const until = Date.now() + DURATION_MS;
    await Promise.all([
      ...servers.flatMap((s, i) => [
        ...Array.from({ length: HTTP_WRITERS_PER_SERVER }, (_, w) =>
          httpWriter(s.url, `S${i}W${w}`, until, t),
        ),
        reader(s.url, until, t),
      ]),
      ...Array.from({ length: CLI_WRITERS }, (_, w) => cliWriter(`CLI${w}`, until, t)),
    ]);

    const check = openSqlite(db, { readonly: true });
    const stored = new Set(
      check
        .prepare(
          "SELECT serial_number FROM edge_devices WHERE serial_number GLOB 'S[0-9]W*' OR serial_number GLOB 'CLI*'",
        )
        .pluck()
        .all() as string[],
    );
    const integrity = check.pragma('integrity_check', { simple: true });
    check.close();
    const lost = [...t.acknowledged].filter((s) => !stored.has(s));
    const unacknowledged = [...stored].filter((s) => !t.acknowledged.has(s));
    const strays = [...stored].filter((s) => !t.attempted.has(s));
    console.log(
      `[two-servers] ${DURATION_MS} ms: ${t.writes} writes (${t.acknowledged.size} devices) acknowledged ` +
        `${t.writes - t.failures.filter((f) => !f.startsWith('read')).length}, failed ${t.failures.length}, ` +
        `lost ${lost.length}, stored unacknowledged ${unacknowledged.length}; ` +
        `${t.reads} reads, slowest ${t.slowestReadMs.toFixed(0)} ms`,
    );
    expect(t.failures).toEqual([]);
    expect(lost).toEqual([]);
    expect(unacknowledged).toEqual([]);
    expect(strays).toEqual([]);
    expect(integrity).toBe('ok');
    expect(t.writes).toBeGreaterThan(10);
    // Each server logs any store failure or unexpected error: there must be none.
    for (const s of servers) expect(s.stderr()).not.toMatch(/Error|SQLITE/);
  }, 120_000);
});
