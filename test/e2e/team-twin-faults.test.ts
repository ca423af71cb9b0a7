// A team twin's faults while it serves (cli.md, "A team twin", Faults; decisions.md, "Several processes, one
// database"): the real bin/ccp.js `server start` on a PostgreSQL cluster of the test's own
// (test/helpers/postgres.ts, startCluster), which the test stops and starts under it, and a server killed in
// the middle of a batch. The run's shared cluster is never stopped here.
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ORG, USER } from '../fixtures/basic-ids.js';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { type Cluster, freshDatabase, psql, startCluster } from '../helpers/postgres.js';
import { envelope, FIXTURES_DIR } from '../helpers/server.js';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.js';

const adminUrl = inject('pgAdminUrl');
const pgBin = inject('pgBin');
const PAGE = '/edgedevice/all/0?pageSize=500';
const ADD = `/edgedevice/org/${ORG.root}/user/${USER.admin}/add`;

interface Answer {
  status: number;
  retryAfter: string | null;
  json: { statusCode?: string; reason?: string; data?: unknown[] };
  ms: number;
}

/** One request as a client makes it: status, Retry-After, the envelope and how long it took. */
async function call(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      time_zone: 'UTC',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(20_000),
  });
  const json = (await res.json()) as Answer['json'];
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json, ms: performance.now() - t0 };
}

const devices = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    edgeDeviceName: `${tag} ${i}`,
    serialNumber: `SN-${tag}-${i}`,
    ipAdress: '10.9.0.3',
    port: 1883,
  }));

describe.skipIf(!adminUrl)('a team twin on PostgreSQL: faults while serving', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let env: NodeJS.ProcessEnv;
  const ccp = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
    spawnCcp(args, { env: { ...env, ...extra } });

  /** A twin of the basic fixture in a fresh database at `admin`'s cluster, and an admin token for it. */
  async function twin(admin: string): Promise<{ url: string; token: string }> {
    const url = await freshDatabase(admin);
    const imported = await ccp(['server', 'import', join(FIXTURES_DIR, 'basic.json'), '--db', url]);
    expect(imported.code, imported.stderr).toBe(0);
    const created = await ccp([
      'server',
      'token',
      'create',
      '--org',
      ORG.root,
      '--role',
      'admin',
      '--db',
      url,
    ]);
    expect(created.code, created.stderr).toBe(0);
    return { url, token: created.stdout.trim() };
  }

  beforeAll(async () => {
    tmp = await tempDir('ccp-team-faults-');
    env = isolatedEnv(tmp.dir);
  });
  afterAll(async () => {
    await tmp?.remove();
  });

  it('a database stopped under a serving server: 503 with Retry-After (never 401 or 500), then serves again by itself', async () => {
    let cluster: Cluster | undefined;
    let server: ServerProcess | undefined;
    try {
      cluster = await startCluster(pgBin!);
      const { url, token } = await twin(cluster.adminUrl);
      server = await startServerProcess(url, env);
      const base = server.url;
      // Warm: the pool holds connections, the token's grant and the listing are known.
      const before = await Promise.all(Array.from({ length: 12 }, () => call(base, token, 'GET', PAGE)));
      for (const r of before) expect(r.status).toBe(200);
      const total = before[0]!.json.data!.length;

      await cluster.stop();
      const unknownToken = 'ccp_not-a-token-this-server-has-seen';
      const down = [
        await call(base, token, 'GET', PAGE),
        await call(base, unknownToken, 'GET', PAGE),
        await call(base, token, 'POST', ADD, envelope(devices('DOWN', 3))),
        await call(base, token, 'GET', `/org/${ORG.root}/org/0`),
        await call(base, token, 'GET', '/codeTypes/0'),
        await call(base, token, 'PUT', '/license/c1000000-0000-4000-8000-000000000001/activate'),
      ];
      for (const r of down) {
        expect(r.status, JSON.stringify(r.json)).toBe(503);
        expect(r.json.statusCode).toBe('SERVICE_UNAVAILABLE');
        expect(r.retryAfter).toMatch(/^\d+$/);
        expect(r.json.reason).toContain(`127.0.0.1:${cluster.port}/ccp_test_`);
        // Within the server's usual limits: a refused connection answers at once, never a hang.
        expect(r.ms).toBeLessThan(12_000);
      }
      // A request without a token needs no database: it is refused as ever.
      expect((await fetch(`${base}${PAGE}`)).status).toBe(401);
      expect(server.stderr()).toMatch(/GET \/edgedevice\/all\/0 StoreError/);

      await cluster.start();
      // Back by itself, within seconds, with no restart: every connection of the pool works (more requests at
      // once than the pool holds, so a dead one kept would be met).
      let back: Answer | undefined;
      const t0 = performance.now();
      while (performance.now() - t0 < 10_000) {
        back = await call(base, token, 'GET', PAGE);
        if (back.status === 200) break;
        await sleep(100);
      }
      expect(back?.status, JSON.stringify(back?.json)).toBe(200);
      const again = await Promise.all(Array.from({ length: 25 }, () => call(base, token, 'GET', PAGE)));
      for (const r of again) expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(again[0]!.json.data!.length).toBe(total);
      const added = await call(base, token, 'POST', ADD, envelope(devices('BACK', 3)));
      expect(added.json.statusCode, JSON.stringify(added.json)).toBe('OK');
      expect(
        psql(pgBin!, url, "SELECT count(*) FROM edge_devices WHERE serial_number LIKE 'SN-BACK-%'"),
      ).toBe('3');
      expect(
        psql(pgBin!, url, "SELECT count(*) FROM edge_devices WHERE serial_number LIKE 'SN-DOWN-%'"),
      ).toBe('0');
      expect(server.child.exitCode).toBeNull();
    } finally {
      await server?.stop();
      await cluster?.destroy();
    }
  }, 60_000);

  /** The server backends of the database that are waiting, or working, on an INSERT of devices. */
  const inserting = (url: string, waiting: boolean) =>
    Number(
      psql(
        pgBin!,
        url,
        `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'ccp'
           AND state = 'active' ${waiting ? "AND wait_event_type = 'Lock'" : ''}`,
      ),
    );
  const ccpBackends = (url: string) =>
    Number(
      psql(
        pgBin!,
        url,
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'ccp'",
      ),
    );
  const countOf = (url: string, tag: string) =>
    Number(psql(pgBin!, url, `SELECT count(*) FROM edge_devices WHERE serial_number LIKE 'SN-${tag}-%'`));

  it('a server killed (SIGKILL) in the middle of a batch of 1,000 leaves it absent; a second server then serves and saves it whole', async () => {
    const { url, token } = await twin(adminUrl!);
    const first = await startServerProcess(url, env);
    let second: ServerProcess | undefined;
    // The batch's devices go in, then it waits for the organizations' counts, which this client holds: the
    // server is killed while its transaction is open, half done.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN; LOCK TABLE org_device_counts IN SHARE MODE');
      const inFlight = call(first.url, token, 'POST', ADD, envelope(devices('KILL', 1000))).catch(
        (err: unknown) => err,
      );
      for (let i = 0; i < 250 && inserting(url, true) === 0; i++) await sleep(20);
      expect(inserting(url, true)).toBe(1);
      await first.stop('SIGKILL');
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(await inFlight).toBeInstanceOf(Error);
      await holder.query('COMMIT');
      // The killed server's backend finds its client gone once it goes on, and rolls the batch back.
      for (let i = 0; i < 250 && ccpBackends(url) > 0; i++) await sleep(20);
      expect(ccpBackends(url)).toBe(0);
      expect(countOf(url, 'KILL')).toBe(0);

      second = await startServerProcess(url, env);
      const page = await call(second.url, token, 'GET', PAGE);
      expect(page.status).toBe(200);
      const again = await call(second.url, token, 'POST', ADD, envelope(devices('KILL', 1000)));
      expect(again.json.statusCode, JSON.stringify(again.json.reason)).toBe('OK');
      expect(countOf(url, 'KILL')).toBe(1000);
      // The organizations' counts moved with the batch, once.
      const counted = psql(pgBin!, url, `SELECT n FROM org_device_counts WHERE org_uuid = '${ORG.root}'`);
      const stored = psql(pgBin!, url, `SELECT count(*) FROM edge_devices WHERE org_uuid = '${ORG.root}'`);
      expect(counted).toBe(stored);
    } finally {
      await holder.end().catch(() => undefined);
      await first.stop('SIGKILL');
      await second?.stop();
    }
  }, 60_000);

  it('a server killed (SIGKILL) while batches are being saved: each batch is whole or absent, never partial', async () => {
    const { url, token } = await twin(adminUrl!);
    const server = await startServerProcess(url, env);
    let second: ServerProcess | undefined;
    try {
      const tags = ['R0', 'R1', 'R2', 'R3', 'R4', 'R5'];
      const sent = tags.map((tag) =>
        call(server.url, token, 'POST', ADD, envelope(devices(tag, 1000))).catch((err: unknown) => err),
      );
      // Killed once a batch is at work in the database, whatever each of the others has done by then.
      for (let i = 0; i < 500 && inserting(url, false) === 0; i++) await sleep(5);
      await server.stop('SIGKILL');
      const answers = await Promise.all(sent);
      for (let i = 0; i < 250 && ccpBackends(url) > 0; i++) await sleep(20);
      const counts = tags.map((tag) => countOf(url, tag));
      for (const n of counts) expect([0, 1000], JSON.stringify(counts)).toContain(n);
      // What a client was told was saved is saved.
      answers.forEach((a, i) => {
        if (!(a instanceof Error) && (a as Answer).json.statusCode === 'OK') expect(counts[i]).toBe(1000);
      });
      expect(answers.some((a) => a instanceof Error)).toBe(true);
      second = await startServerProcess(url, env);
      const page = await call(second.url, token, 'GET', '/edgedevice/all/0?pageSize=1');
      expect(page.status).toBe(200);
      const counted = psql(pgBin!, url, `SELECT n FROM org_device_counts WHERE org_uuid = '${ORG.root}'`);
      const stored = psql(pgBin!, url, `SELECT count(*) FROM edge_devices WHERE org_uuid = '${ORG.root}'`);
      expect(counted).toBe(stored);
    } finally {
      await server.stop('SIGKILL');
      await second?.stop();
    }
  }, 60_000);
});
