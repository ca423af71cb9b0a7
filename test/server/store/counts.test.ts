import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG } from '../../fixtures/basic-ids.js';
import { envelope, expectOk, startTestServer, type TestServer } from '../../helpers/server.js';

// X-Total-Count comes from counts the database keeps (migration 3), never from a recount: they must agree
// with one after every kind of write.
describe('the maintained device counts', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv.close());

  const recount = (root: string) =>
    (
      srv.engine.db
        .prepare(
          `WITH RECURSIVE scope(uuid) AS (SELECT ? UNION SELECT o.uuid FROM organizations o JOIN scope
             ON o.parent_uuid = scope.uuid) SELECT count(*) AS n FROM edge_devices
           WHERE org_uuid IN (SELECT uuid FROM scope)`,
        )
        .get(root) as { n: number }
    ).n;
  const kept = () =>
    srv.engine.db.prepare('SELECT org_uuid, n FROM org_device_counts WHERE n != 0 ORDER BY org_uuid').all();
  const counted = () =>
    srv.engine.db
      .prepare('SELECT org_uuid, count(*) AS n FROM edge_devices GROUP BY org_uuid ORDER BY org_uuid')
      .all();
  const total = async (token?: string) => {
    const res = await srv.call('GET', '/edgedevice/all/0?pageSize=1', { timeZone: 'UTC', token });
    expectOk(res);
    return Number(res.headers['x-total-count']);
  };

  it('answers X-Total-Count right after each write, as a recount would', async () => {
    expect(kept()).toEqual(counted());
    const before = await total();
    expect(before).toBe(recount(ORG.root));
    for (let i = 0; i < 3; i++) {
      const data = Array.from({ length: 5 }, (_, j) => ({
        edgeDeviceName: `count ${i}.${j}`,
        serialNumber: `COUNT-${i}-${j}`,
      }));
      const path = `/edgedevice/org/${ORG.sub1a}/user/${ORG.root}/add`;
      expectOk(await srv.call('POST', path, { body: envelope(data) }));
      expect(await total()).toBe(before + 5 * (i + 1));
      expect(await total()).toBe(recount(ORG.root));
      expect(await total(srv.tokens.subAdmin)).toBe(recount(ORG.sub1));
    }
    expect(kept()).toEqual(counted());
  });

  it('follows a device moved to another organization by an add that names it', async () => {
    const moved = srv.engine.db
      .prepare("SELECT uuid, serial_number FROM edge_devices WHERE serial_number LIKE 'COUNT-%' LIMIT 1")
      .get() as { uuid: string; serial_number: string };
    const path = `/edgedevice/org/${ORG.sub2}/user/${ORG.root}/add`;
    const record = { uuid: moved.uuid, edgeDeviceName: 'moved', serialNumber: moved.serial_number };
    expectOk(await srv.call('POST', path, { body: envelope([record]) }));
    expect(kept()).toEqual(counted());
    expect(await total()).toBe(recount(ORG.root));
    expect(await total(srv.tokens.subAdmin)).toBe(recount(ORG.sub1));
    expect(await srv.store.edgeDevices.countInOrg(ORG.sub2)).toBe(recount(ORG.sub2));
  });

  it('reads the count without scanning the devices', () => {
    const plan = srv.engine.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT coalesce(sum(n), 0) FROM org_device_counts
         WHERE org_uuid IN (SELECT value FROM json_each(?))`,
      )
      .all('[]')
      .map((r) => (r as { detail: string }).detail)
      .join('\n');
    expect(plan).not.toMatch(/edge_devices/);
  });
});
