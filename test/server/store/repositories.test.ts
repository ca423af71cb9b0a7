import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, importFixture, type Store, tokenIsValid } from '../../../src/server/index.js';
import type { SqliteEngine } from '../../helpers/sqlite-engine.js';
import { NOW, ORG, TREE, tempStore } from './temp-store.js';

const DEVICE = 'd0000000-0000-4000-8000-000000000001';
const LICENSE = 'c1000000-0000-4000-8000-000000000001';
const DAY = 86_400_000;

describe('repositories', () => {
  let t: ReturnType<typeof tempStore>;
  // The SQLite engine's repositories, under the port the fixture and the tokens go through.
  let store: SqliteEngine;
  let port: Store;
  beforeAll(async () => {
    t = tempStore();
    store = t.engine;
    port = t.store;
    await importFixture(port, {
      ...TREE,
      edgeDevices: [
        {
          uuid: DEVICE,
          orgUUID: ORG.grandchild,
          edgeDeviceName: 'Gateway',
          serialNumber: 'SN-1',
          port: 1883,
          isActive: true,
          edgeFlows: [{ flowId: 'f1', flowName: 'Flow', flowJSON: '[]' }],
          externalReferences: [{ userName: 'svc', subType: 'historian' }],
          unknownField: 'dropped',
        },
      ],
      licenses: [
        {
          uuid: LICENSE,
          serialNumber: 'LIC-1',
          licenseDetails: {
            total: 10,
            license: {
              orgUuid: ORG.grandchild,
              status: 'INACTIVE',
              active: false,
              licenseTo: new Date(NOW + 10.5 * DAY).toISOString(),
            },
          },
        },
      ],
    });
  });
  afterAll(() => t.cleanup());

  it('scope follows the tree down, recursively, and never up or sideways', () => {
    expect(store.organizations.inScope(ORG.root, ORG.grandchild)).toBe(true);
    expect(store.organizations.inScope(ORG.child, ORG.child)).toBe(true);
    expect(store.organizations.inScope(ORG.grandchild, ORG.root)).toBe(false);
    expect(store.organizations.inScope(ORG.root, ORG.other)).toBe(false);
    expect(store.organizations.scope(ORG.root).sort()).toEqual([ORG.child, ORG.grandchild, ORG.root].sort());
  });

  it('loads a device with its flows and references, renders in the zone asked, and stores no unknown field', () => {
    const [d] = store.edgeDevices.load([DEVICE], 'Asia/Kolkata');
    expect(d).toMatchObject({ uuid: DEVICE, orgUUID: ORG.grandchild, port: 1883, isActive: true });
    expect(d!.createdOn).toBe('2026-11-21T09:30:00*000+0530');
    expect(d!.edgeFlows!.map((f) => f.flowId)).toEqual(['f1']);
    expect(d!.externalReferences![0]).toMatchObject({ userName: 'svc', subType: 'historian' });
    expect(JSON.stringify(store.db.prepare('SELECT * FROM edge_devices').all())).not.toContain('dropped');
  });

  it('lists devices page by page for a scope, and forgets remembered page ends after a write', () => {
    expect(store.edgeDevices.countInScope(ORG.root)).toBe(1);
    expect(store.edgeDevices.countInScope(ORG.other)).toBe(0);
    expect(store.edgeDevices.pageKeys(ORG.root, 1, 0)).toEqual([DEVICE]);
    const second = 'd0000000-0000-4000-8000-000000000002';
    store.edgeDevices.insert({ uuid: second, orgUUID: ORG.child, serialNumber: 'SN-2' }, NOW);
    expect(store.edgeDevices.pageKeys(ORG.root, 1, 1)).toEqual([second]);
    expect(store.edgeDevices.countInScope(ORG.root)).toBe(2);
    // A page of whole records is the page's keys loaded, fields in the same order (flows, references too).
    for (const [limit, offset] of [
      [2, 0],
      [1, 1],
      [5, 2],
    ] as const) {
      const page = store.edgeDevices.page(ORG.root, limit, offset, 'Asia/Kolkata');
      const loaded = store.edgeDevices.load(
        store.edgeDevices.pageKeys(ORG.root, limit, offset),
        'Asia/Kolkata',
      );
      expect(JSON.stringify(page)).toBe(JSON.stringify(loaded));
    }
    expect(store.edgeDevices.page(ORG.root, 1, 0, 'UTC')[0]!.edgeFlows).toHaveLength(1);
  });

  it("lists the whole table for a scope holding every organization, and the scope's part once one is outside", async () => {
    const own = tempStore();
    try {
      const s = own.engine;
      const [a, b] = ['d0000000-0000-4000-8000-00000000000a', 'd0000000-0000-4000-8000-00000000000b'];
      await importFixture(own.store, {
        organizations: TREE.organizations.filter((o) => o.uuid !== ORG.other),
      });
      s.edgeDevices.insert({ uuid: a, orgUUID: ORG.grandchild, serialNumber: 'SN-A' }, NOW);
      expect(s.edgeDevices.pageKeys(ORG.root, 10, 0)).toEqual([a]);
      expect(s.edgeDevices.pageKeys(ORG.child, 10, 0)).toEqual([a]);
      await importFixture(own.store, { organizations: [{ uuid: ORG.other, orgName: 'Other' }] });
      s.edgeDevices.insert({ uuid: b, orgUUID: ORG.other, serialNumber: 'SN-B' }, NOW + 1);
      expect(s.edgeDevices.pageKeys(ORG.root, 10, 0)).toEqual([a]);
      expect(s.edgeDevices.page(ORG.root, 10, 0, 'UTC').map((d) => d.uuid)).toEqual([a]);
      expect(s.edgeDevices.pageKeys(ORG.other, 10, 0)).toEqual([b]);
    } finally {
      own.cleanup();
    }
  });

  it('upserts flows by flowId within their device', () => {
    store.edgeDevices.upsertFlow(DEVICE, { flowId: 'f1', flowName: 'Renamed', flowJSON: '{}' }, NOW + 1);
    store.edgeDevices.upsertFlow(DEVICE, { flowId: 'f2', flowJSON: '{}' }, NOW + 1);
    const [d] = store.edgeDevices.load([DEVICE], 'UTC');
    expect(d!.edgeFlows!.map((f) => [f.flowId, f.flowName])).toEqual([
      ['f1', 'Renamed'],
      ['f2', null],
    ]);
  });

  it('activates a license idempotently, keeping the first activation time, and counts days left', () => {
    const set = (active: boolean, now: number) =>
      store.licenses.setActive(store.licenses.row(LICENSE)!, active, now, 'UTC');
    const on = set(true, NOW);
    expect(on.changed).toBe(true);
    // The record answered is the one the row now holds, without reading it again.
    expect(on.record).toEqual(store.licenses.record(LICENSE, NOW, 'UTC'));
    const again = set(true, NOW + DAY);
    expect(again.changed).toBe(false);
    // Nothing changed, nothing written: the update times stay those of the first activation.
    expect(again.record.updatedOn).toBe(on.record.updatedOn);
    const r = store.licenses.record(LICENSE, NOW, 'UTC')!;
    expect(r).toEqual(on.record);
    const lic = r.licenseDetails!.license!;
    expect([lic.status, lic.active, lic.activateOn]).toEqual([
      'ACTIVE',
      true,
      '2026-11-21T04:00:00*000+0000',
    ]);
    expect(r.licenseDetails).toMatchObject({ provisioned: 1, remaining: 9, remainingDays: 10, total: 10 });
    expect(store.licenses.record(LICENSE, NOW + 30 * DAY, 'UTC')!.licenseDetails!.remainingDays).toBe(0);
    const off = set(false, NOW + DAY);
    expect(off.changed).toBe(true);
    expect(off.record.licenseDetails!.license!.status).toBe('INACTIVE');
    expect(off.record).toEqual(store.licenses.record(LICENSE, NOW + DAY, 'UTC'));
    expect(set(false, NOW + 2 * DAY).changed).toBe(false);
  });

  it('stores only the SHA-256 of a token', async () => {
    const token = await createToken(port, { orgUuid: ORG.child, role: 'operator' });
    expect(token).toMatch(/^ccp_[A-Za-z0-9_-]{43}$/);
    const hashes = store.db.prepare('SELECT hash FROM tokens').pluck().all();
    expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(store.db.prepare('SELECT * FROM tokens').all())).not.toContain(token);
    expect(await tokenIsValid(port, token)).toBe(true);
    expect(await tokenIsValid(port, `${token}x`)).toBe(false);
  });

  it('counts live tokens only, as PostgreSQL does (ccp status)', async () => {
    const before = (await port.counts()).tokens;
    const token = await createToken(port, { orgUuid: ORG.root, role: 'viewer' });
    expect((await port.counts()).tokens).toBe(before + 1);
    await port.tokens.revoke(createHash('sha256').update(token).digest('hex'), NOW);
    expect((await port.counts()).tokens).toBe(before);
  });
});
