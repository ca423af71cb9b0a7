// The PostgreSQL adapter of the store port against a real PostgreSQL (test/helpers/postgres.ts): migrations,
// keyset pages, COPY, clashing batches from two adapters, the change token, a database that goes away and
// comes back, and a password that never shows.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyWriter } from '../../../src/server/loading/copy.js';
import { type PlacedDevice, type Store, StoreError } from '../../../src/server/store/port.js';
import { ListingMemories } from '../../../src/server/store/postgres/edge-devices.js';
import { PG_SCHEMA_VERSION } from '../../../src/server/store/postgres/schema.js';
import { openPostgresStore } from '../../../src/server/store/postgres/store.js';
import { freshDatabase, psql, startCluster } from '../../helpers/postgres.js';

const adminUrl = inject('pgAdminUrl');
const pgBin = inject('pgBin');
const NOW = Date.UTC(2026, 10, 21, 4, 0, 0, 0);
const ROOT = 'a0000000-0000-4000-8000-000000000001';
const CHILD = 'a0000000-0000-4000-8000-000000000002';
const OTHER = 'a0000000-0000-4000-8000-000000000009';

const open = (url: string, opts: Parameters<typeof openPostgresStore>[1] = {}) =>
  openPostgresStore(url, { create: true, appVersion: '0.1.0', ...opts });

async function failureOf(p: Promise<unknown>): Promise<StoreError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(StoreError);
    return err as StoreError;
  }
  throw new Error('expected a StoreError');
}

async function withOrgs(store: Store): Promise<void> {
  await store.tx(async (s) => {
    await s.organizations.put({ uuid: ROOT, orgName: 'Root' }, NOW);
    await s.organizations.put({ uuid: CHILD, orgName: 'Child', organizationUuid: ROOT }, NOW);
    await s.organizations.put({ uuid: OTHER, orgName: 'Other' }, NOW);
  });
}

const uuidOf = (i: number) => `d${String(i).padStart(7, '0')}-0000-4000-8000-000000000000`;

describe.skipIf(!adminUrl)('PostgreSQL store adapter', () => {
  describe('migrations', () => {
    it('run twice, and at once from two adapters on an empty database, make the tables once', async () => {
      const url = await freshDatabase(adminUrl!);
      const [a, b] = await Promise.all([open(url), open(url)]);
      const c = await open(url);
      for (const s of [a, b, c]) expect((await s.health()).schemaVersion).toBe(PG_SCHEMA_VERSION);
      expect(psql(pgBin!, url, 'SELECT version FROM ccp_schema')).toBe(String(PG_SCHEMA_VERSION));
      expect(psql(pgBin!, url, "SELECT count(*) FROM pg_tables WHERE tablename = 'edge_devices'")).toBe('1');
      await Promise.all([a.close(), b.close(), c.close()]);
    });

    it('refuse a database of a newer ccp, naming both versions', async () => {
      const url = await freshDatabase(adminUrl!);
      await (await open(url)).close();
      psql(pgBin!, url, "UPDATE ccp_schema SET version = 99, written_by = '9.9.9'");
      const err = await failureOf(open(url));
      expect(err.kind).toBe('version');
      expect(err.message).toContain('ccp 9.9.9 (schema 99)');
      expect(err.message).toContain(`this ccp 0.1.0 knows schema ${PG_SCHEMA_VERSION}`);
    });

    it('make nothing for a command that does not make a twin', async () => {
      const url = await freshDatabase(adminUrl!);
      const err = await failureOf(open(url, { create: false }));
      expect(err.kind).toBe('missing');
      expect(psql(pgBin!, url, "SELECT count(*) FROM pg_tables WHERE tablename = 'ccp_schema'")).toBe('0');
    });
  });

  describe('a hundred thousand devices', () => {
    let store: Store;
    const N = 100_000;
    beforeAll(async () => {
      store = await open(await freshDatabase(adminUrl!));
      await withOrgs(store);
    }, 120_000);
    afterAll(() => store?.close());

    it('are imported by COPY in one transaction, counted per organization', async () => {
      const list: PlacedDevice[] = Array.from({ length: N }, (_, i) => ({
        uuid: uuidOf(i),
        orgUUID: i % 2 ? CHILD : OTHER,
        serialNumber: `SN-${i}`,
        edgeDeviceName: `device\t${i}\\`,
      }));
      const t0 = performance.now();
      // The clock moves once per 1,000 devices: pages order by (createdOn, uuid) across many stamps.
      await store.bulk(async (s) => {
        for (let i = 0; i < N; i += 10_000)
          await s.edgeDevices.importBatch(list.slice(i, i + 10_000), NOW + i / 1000);
      });
      const ms = performance.now() - t0;
      if (process.env.CCP_TEST_PG_TIMING) process.stderr.write(`COPY of ${N} devices: ${ms.toFixed(0)} ms\n`);
      expect(await store.edgeDevices.countInScope(ROOT)).toBe(N / 2);
      expect(await store.edgeDevices.countInScope(OTHER)).toBe(N / 2);
      expect((await store.counts()).edgeDevices).toBe(N);
      const [d] = await store.edgeDevices.load([uuidOf(7)], 'UTC');
      expect(d?.edgeDeviceName).toBe('device\t7\\');
    }, 120_000);

    it('page by keyset in listing order, a deep page costing as a shallow one', async () => {
      const tz = 'UTC';
      const first = await store.edgeDevices.page(ROOT, 100, 0, tz);
      expect(first.map((d) => d.uuid)).toEqual(Array.from({ length: 100 }, (_, i) => uuidOf(2 * i + 1)));
      // Offsets walk from the page served before, or from a mark: page 400 equals the keyset walk's 400th.
      const deep = await store.edgeDevices.page(ROOT, 100, 40_000, tz);
      expect(deep[0]?.uuid).toBe(uuidOf(80_001));
      const time = async (fn: () => Promise<unknown>) => {
        const t0 = performance.now();
        for (let i = 0; i < 20; i++) await fn();
        return (performance.now() - t0) / 20;
      };
      const after = { createdOn: NOW + 80, uuid: uuidOf(79_999) };
      const shallowMs = await time(() => store.edgeDevices.pageAfter(ROOT, 100, null, tz));
      const deepMs = await time(() => store.edgeDevices.pageAfter(ROOT, 100, after, tz));
      const walked = await store.edgeDevices.pageAfter(ROOT, 100, after, tz);
      expect(walked.records[0]?.uuid).toBe(uuidOf(80_001));
      expect(walked.next?.uuid).toBe(uuidOf(80_199));
      if (process.env.CCP_TEST_PG_TIMING) {
        process.stderr.write(
          `a 100-row keyset page: shallow ${shallowMs.toFixed(2)} ms, deep ${deepMs.toFixed(2)} ms\n`,
        );
      }
      // Generous: the machine is shared; an OFFSET walk of 40,000 entries would be many times slower.
      expect(deepMs).toBeLessThan(shallowMs * 3 + 5);
    }, 60_000);
  });

  describe('a bulk add', () => {
    it('answers with its devices as a read of them gives, flows and references in their order, without reading them back', async () => {
      const store = await open(await freshDatabase(adminUrl!));
      await withOrgs(store);
      const flow = (id: string, at: string) => ({
        flowId: id,
        flowName: `flow ${id}`,
        flowJson: `{"a":"${at}"}`,
      });
      const devices = [5, 3, 9].map((i) => ({
        uuid: uuidOf(i),
        device: {
          edgeDeviceName: `dev ${i}`,
          serialNumber: `S-${i}`,
          port: 1880 + i,
          isActive: i !== 3,
          edgeFlows: [flow('b', 'tab\there'), flow('a', 'é'), flow('B', 'x')],
          externalReferences: [
            { userName: `u${i}`, password: 'secret', subType: 'broker' },
            { userName: `v${i}`, password: null },
          ],
        },
      }));
      const answer = await store.tx(async (s) => {
        const b = s.edgeDevices.batch(NOW);
        for (const d of devices) b.save(d.device, { uuid: d.uuid, orgUUID: ROOT, userUUID: null }, false);
        expect(await b.end()).toEqual({ saved: true });
        return b.records('Asia/Kolkata');
      });
      const read = await store.read((s) =>
        s.edgeDevices.load(
          devices.map((d) => d.uuid),
          'Asia/Kolkata',
        ),
      );
      expect(answer.map((d) => d.uuid)).toEqual([uuidOf(3), uuidOf(5), uuidOf(9)]);
      expect(answer).toEqual(read);
      expect(answer[0]!.externalReferences!.map((r) => r.password)).toContain('********');
      await store.close();
    });
  });

  describe('two adapters on one database', () => {
    let url: string;
    let a: Store;
    let b: Store;
    beforeAll(async () => {
      url = await freshDatabase(adminUrl!);
      a = await open(url);
      b = await open(url);
      await withOrgs(a);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    it('of two clashing batches saved at once, save exactly one; a deadlock is rerun inside', async () => {
      let arrived = 0;
      let release!: () => void;
      const bothHoldOne = new Promise<void>((r) => {
        release = r;
      });
      // Each holds one serial number, then adds the other's: the two wait for each other (a deadlock),
      // PostgreSQL cuts one, its transaction is rerun and then meets the other's committed serial number.
      let runs = 0;
      const add = (store: Store, mine: string, theirs: string, tag: string) =>
        store.tx(async (s) => {
          runs++;
          const b1 = s.edgeDevices.batch(NOW);
          b1.save({ serialNumber: mine }, { uuid: `${tag}-1`, orgUUID: CHILD }, false);
          const first = await b1.end();
          if (!first.saved) return 'refused';
          if (++arrived === 2) release();
          await Promise.race([bothHoldOne, new Promise((r) => setTimeout(r, 3000))]);
          const b2 = s.edgeDevices.batch(NOW);
          for (let i = 0; i < 50; i++)
            b2.save({ serialNumber: `${tag}-${i}` }, { uuid: `${tag}-x${i}`, orgUUID: CHILD }, false);
          b2.save({ serialNumber: theirs }, { uuid: `${tag}-2`, orgUUID: CHILD }, false);
          const second = await b2.end();
          if (!second.saved) throw new StoreError('constraint', `clash at ${second.clash}`);
          return 'saved';
        });
      const results = await Promise.allSettled([add(a, 'SN-P', 'SN-Q', 'a'), add(b, 'SN-Q', 'SN-P', 'b')]);
      const saved = results.filter((r) => r.status === 'fulfilled' && r.value === 'saved');
      const refused = results.filter(
        (r) =>
          (r.status === 'rejected' && (r.reason as StoreError).kind === 'constraint') ||
          (r.status === 'fulfilled' && r.value === 'refused'),
      );
      expect(saved).toHaveLength(1);
      expect(refused).toHaveLength(1);
      // The deadlock's victim was rerun (a third run), not answered with the deadlock. Its rerun may meet the
      // winner's locks in the other order once more (the organization's count, then the serial number), and
      // is then rerun again: seen once on Node 26 in CI, 4 runs.
      expect(runs).toBeGreaterThanOrEqual(3);
      expect(await a.edgeDevices.countInOrg(CHILD)).toBe(52);
      expect(psql(pgBin!, url, 'SELECT count(*) FROM edge_devices')).toBe('52');
    }, 30_000);

    it('serial numbers compare NFC-normalised and trimmed within an organization', async () => {
      const composed = 'SN-\u00e9';
      const decomposed = ' SN-e\u0301 ';
      expect(await a.edgeDevices.insert({ uuid: 'nfc-1', orgUUID: OTHER, serialNumber: composed }, NOW)).toBe(
        true,
      );
      expect(
        await b.edgeDevices.insert({ uuid: 'nfc-2', orgUUID: OTHER, serialNumber: decomposed }, NOW),
      ).toBe(false);
      expect((await b.edgeDevices.bySerial(OTHER, decomposed))?.uuid).toBe('nfc-1');
      // Another organization may hold the same serial number.
      expect(await b.edgeDevices.insert({ uuid: 'nfc-3', orgUUID: ROOT, serialNumber: composed }, NOW)).toBe(
        true,
      );
    });

    it('see the change token move on the other one\u2019s write, and no stale count', async () => {
      const before = await a.changeToken();
      const counted = await a.edgeDevices.countInScope(ROOT);
      // Not asserted unchanged here: the token is the cluster's snapshot, which any other database's
      // transaction moves (the run's other test files share the cluster); moving too often only costs a cache.
      await b.tx(async (s) => {
        const batch = s.edgeDevices.batch(NOW);
        batch.save({ serialNumber: 'SN-token' }, { uuid: 'token-1', orgUUID: CHILD }, false);
        expect(await batch.end()).toEqual({ saved: true });
      });
      expect(await a.changeToken()).not.toBe(before);
      expect(await a.edgeDevices.countInScope(ROOT)).toBe(counted + 1);
      // A read's token is its snapshot's: the same inside it, whatever commits meanwhile.
      await a.read(async (s) => {
        const inside = s.changeToken;
        await b.edgeDevices.insert({ uuid: 'token-2', orgUUID: CHILD, serialNumber: 'SN-token-2' }, NOW);
        expect(await s.edgeDevices.countInScope(ROOT)).toBe(counted + 1);
        expect(s.changeToken).toBe(inside);
      });
      expect(await a.edgeDevices.countInScope(ROOT)).toBe(counted + 2);
    });

    it("answer a read at the caller's change token from what it remembers there, and read anew at a newer one", async () => {
      const page = (s: Parameters<Parameters<Store['read']>[0]>[0]) => s.edgeDevices.page(ROOT, 5, 0, 'UTC');
      let at = '';
      const first = await a.read(async (s) => {
        at = s.changeToken;
        return page(s);
      });
      const name = first[0]!.edgeDeviceName ?? null;
      // Shared by every reader at that token: frozen, so that no route can change what another is answered.
      expect(Object.isFrozen(first[0])).toBe(true);
      expect(Object.isFrozen(first[0]!.edgeFlows)).toBe(true);
      await b.tx((s) =>
        s.edgeDevices.update(first[0]!.uuid!, { edgeDeviceName: 'renamed through b' }, NOW + 1),
      );
      // At the token read before the write: the page remembered there, the very list, no statement run.
      expect(await a.read(page, at)).toBe(first);
      // A read the memory cannot answer whole goes to the database, at its own snapshot.
      const counted = await a.read(async (s) => [await page(s), await s.edgeDevices.countInOrg(ROOT)], at);
      expect((counted[0] as typeof first)[0]!.edgeDeviceName).toBe('renamed through b');
      // At the token a request reads after the write: read anew.
      const now = await a.read(page, await a.changeToken());
      expect(now[0]!.edgeDeviceName).toBe('renamed through b');
      await b.tx((s) => s.edgeDevices.update(first[0]!.uuid!, { edgeDeviceName: name }, NOW + 2));
    });

    it('keep what a read at an older snapshot finds in that snapshot\u2019s memory, never in a newer one', () => {
      const memories = new ListingMemories();
      const older = memories.at('1:5:');
      const newer = memories.at('1:6:');
      older.counts.set(ROOT, 1);
      expect(newer.counts.get(ROOT)).toBeUndefined();
      expect(memories.at('1:5:')).toBe(older);
      // Two tokens are kept: a third forgets the first.
      memories.at('1:7:');
      expect(memories.peek('1:5:')).toBeUndefined();
      expect(memories.peek('1:6:')).toBe(newer);
    });

    it('revoke a token through one and refuse it through the other', async () => {
      await a.tokens.insert('f'.repeat(64), { orgUuid: ROOT, role: 'admin', userUuid: null }, NOW);
      expect((await b.tokens.find('f'.repeat(64)))?.role).toBe('admin');
      expect(await a.tokens.revokeById('FFFFFFFFFFFF', NOW)).toBe(true);
      expect(await b.tokens.find('f'.repeat(64))).toBeUndefined();
    });
  });

  describe('a clone in steps', () => {
    it('lets another adapter write between its steps, and removes at its end the devices it did not list', async () => {
      const url = await freshDatabase(adminUrl!);
      const clone = await open(url, { clock: { now: () => NOW } });
      // The other writer gives up after 3 s: a clone in one transaction held ROOT's count past that.
      const other = await open(url, { lockWaitMs: 3000 });
      await withOrgs(clone);
      await clone.edgeDevices.importBatch([{ uuid: uuidOf(900), orgUUID: ROOT, serialNumber: 'GONE' }], NOW);
      const writer = await copyWriter(clone);
      await writer.devices([{ uuid: uuidOf(1), orgUUID: ROOT, serialNumber: 'SN-1' }]);
      // The clone's step holds ROOT's device count; it is committed within about a second.
      const t0 = performance.now();
      expect(
        await other.edgeDevices.insert({ uuid: uuidOf(901), orgUUID: ROOT, serialNumber: 'MEANWHILE' }, NOW),
      ).toBe(true);
      expect(performance.now() - t0).toBeLessThan(2500);
      // A later step (the first was committed for the other write to go on) notes its devices in the same
      // table as the first: none of them goes at the end.
      await writer.devices([{ uuid: uuidOf(2), orgUUID: CHILD, serialNumber: 'SN-2' }]);
      expect(await writer.dropUnlisted()).toBe(2);
      await writer.end();
      const left = psql(pgBin!, url, "SELECT string_agg(uuid, ',' ORDER BY uuid) FROM edge_devices");
      expect(left).toBe(`${uuidOf(1)},${uuidOf(2)}`);
      expect(await clone.edgeDevices.countInScope(ROOT)).toBe(2);
      expect(await clone.edgeDevices.countInOrg(ROOT)).toBe(1);
      await Promise.all([clone.close(), other.close()]);
    }, 30_000);
  });

  describe('libpq conventions', () => {
    it('fill in what the URL leaves out from PGHOST, PGPORT, PGUSER and ~/.pgpass', async () => {
      const url = await freshDatabase(adminUrl!);
      const db = new URL(url).pathname.slice(1);
      const secret = 'from-pgpass-Only';
      psql(
        pgBin!,
        adminUrl!,
        `DO $$ BEGIN CREATE ROLE bob LOGIN PASSWORD '${secret}'; EXCEPTION WHEN duplicate_object THEN NULL; END $$`,
      );
      psql(pgBin!, adminUrl!, `GRANT ALL ON DATABASE ${db} TO bob; ALTER DATABASE ${db} OWNER TO bob`);
      const home = mkdtempSync(join(tmpdir(), 'ccp-pgpass-'));
      const port = new URL(adminUrl!).port;
      const env = { HOME: home, PGHOST: '127.0.0.1', PGPORT: port, PGUSER: 'bob' };
      try {
        // No password anywhere but the file: refused, naming the user.
        const none = await failureOf(open(`postgresql:///${db}`, { env }));
        expect(none.kind).toBe('auth');
        expect(none.message).toContain('user bob');
        writeFileSync(join(home, '.pgpass'), `127.0.0.1:${port}:${db}:bob:${secret}\n`, { mode: 0o600 });
        const store = await open(`postgresql:///${db}`, { env });
        expect(store.describe()).toBe(`127.0.0.1:${port}/${db}`);
        expect((await store.health()).engine).toMatch(/^PostgreSQL \d+/);
        await store.close();
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    });

    it('refuse an sslmode libpq does not know, and a CA file that cannot be read, naming the database', async () => {
      const port = new URL(adminUrl!).port;
      await expect(open(`postgresql://x:pw@127.0.0.1:${port}/db?sslmode=sometimes`)).rejects.toThrow(
        `sslmode sometimes is not one of disable, allow, prefer, require, verify-ca, verify-full (127.0.0.1:${port}/db)`,
      );
      await expect(
        open(`postgresql://x:pw@127.0.0.1:${port}/db?sslmode=verify-full`, { caFile: '/nonexistent/ca.pem' }),
      ).rejects.toThrow(`the CA file /nonexistent/ca.pem cannot be read (ENOENT) for 127.0.0.1:${port}/db`);
    });
  });

  describe('faults', () => {
    it('answer unavailable while the database is stopped, and recover by themselves once it is back', async () => {
      const cluster = await startCluster(pgBin!);
      try {
        const store = await open(await freshDatabase(cluster.adminUrl));
        await withOrgs(store);
        expect(await store.organizations.exists(ROOT)).toBe(true);
        await cluster.stop();
        const err = await failureOf(store.organizations.exists(ROOT));
        expect(err.kind).toBe('unavailable');
        expect(err.message).toContain(`127.0.0.1:${cluster.port}/ccp_test_`);
        const inTx = await failureOf(store.tx((s) => s.organizations.exists(ROOT)));
        expect(inTx.kind).toBe('unavailable');
        await cluster.start();
        let back = false;
        for (let i = 0; i < 50 && !back; i++) {
          back = await store.organizations.exists(ROOT).catch(() => false);
          if (!back) await new Promise((r) => setTimeout(r, 100));
        }
        expect(back).toBe(true);
        expect(await store.tx((s) => s.organizations.exists(ROOT))).toBe(true);
        await store.close();
      } finally {
        await cluster.destroy();
      }
    }, 60_000);

    it('never show a password: refused, unreachable, timed out, or described', async () => {
      const url = await freshDatabase(adminUrl!);
      const secret = 'pa55-W0RD-never-shown';
      psql(
        pgBin!,
        adminUrl!,
        `DO $$ BEGIN CREATE ROLE alice LOGIN PASSWORD '${secret}'; EXCEPTION WHEN duplicate_object THEN NULL; END $$`,
      );
      const db = new URL(url).pathname.slice(1);
      psql(pgBin!, adminUrl!, `GRANT ALL ON DATABASE ${db} TO alice; ALTER DATABASE ${db} OWNER TO alice`);
      const port = new URL(adminUrl!).port;
      const withPassword = (pw: string, p = port) =>
        `postgresql://alice:${encodeURIComponent(pw)}@127.0.0.1:${p}/${db}`;

      const refused = await failureOf(open(withPassword('wrong-Secret-42')));
      expect(refused.kind).toBe('auth');
      expect(refused.message).toContain('user alice');
      expect(refused.message).toContain(`127.0.0.1:${port}/${db}`);
      expect(`${refused.message} ${String(refused)} ${refused.stack}`).not.toContain('wrong-Secret-42');

      const store = await open(withPassword(secret));
      expect(store.describe()).toBe(`127.0.0.1:${port}/${db}`);
      expect(`${String(store)} ${JSON.stringify(store)}`).not.toContain(secret);
      await withOrgs(store);
      const clash = await failureOf(
        store.organizations.put({ uuid: ROOT, orgName: 'x', organizationUuid: 'nope' }, NOW),
      );
      expect(clash.kind).toBe('constraint');
      expect(clash.message).not.toContain(secret);
      await store.close();

      const free = await new Promise<number>((resolve) => {
        const s = createServer().listen(0, '127.0.0.1', () => {
          const p = (s.address() as { port: number }).port;
          s.close(() => resolve(p));
        });
      });
      const unreachable = await failureOf(open(withPassword(secret, String(free))));
      expect(unreachable.kind).toBe('unavailable');
      expect(unreachable.message).toContain(`127.0.0.1:${free}/${db}`);
      expect(`${unreachable.message} ${unreachable.stack}`).not.toContain(secret);

      // A server that accepts and never answers: given up after the connect timeout, named, no password.
      const silent: Server = createServer(() => undefined);
      await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
      const silentPort = (silent.address() as { port: number }).port;
      const t0 = performance.now();
      const timedOut = await failureOf(
        open(withPassword(secret, String(silentPort)), { connectTimeoutMs: 500 }),
      );
      expect(performance.now() - t0).toBeLessThan(5_000);
      expect(timedOut.kind).toBe('unavailable');
      expect(timedOut.message).toContain(`127.0.0.1:${silentPort}/${db}`);
      expect(timedOut.message).not.toContain(secret);
      silent.close();
    }, 30_000);
  });
});
