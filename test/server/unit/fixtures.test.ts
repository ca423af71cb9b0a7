import { afterEach, describe, expect, it } from 'vitest';
import { importFixture, rootOrganizations, seedDemo } from '../../../src/server/index.js';
import { ORG, TREE, tempStore } from '../store/temp-store.js';

const count = (t: ReturnType<typeof tempStore>, table: string) =>
  t.engine.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();

describe('importFixture', () => {
  let t: ReturnType<typeof tempStore>;
  afterEach(() => t.cleanup());

  it('ignores created/updated timestamps whatever their form, and keeps the dates that carry meaning', async () => {
    t = tempStore();
    await importFixture(t.store, {
      organizations: [{ uuid: ORG.root, orgName: 'Root', createdOn: 'garbage', updatedOn: 5 }],
      licenses: [
        {
          uuid: '33333333-3333-4333-8333-333333333333',
          createOn: 'yesterday',
          licenseDetails: {
            total: 10,
            license: { orgUuid: ORG.root, licenseTo: '2027-01-01T00:00:00*000+0530', createdOn: '1999' },
          },
        },
      ],
    });
    const [org] = await t.store.organizations.load([ORG.root], 'UTC');
    expect(org?.createdOn).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\*\d{3}\+0000$/);
    const [license] = await t.store.licenses.inScope(ORG.root, Date.UTC(2026, 0, 1), 'UTC');
    expect(license?.licenseDetails?.license?.licenseTo).toBe('2026-12-31T18:30:00*000+0000');
  });

  it('loads records with their given uuids and links, parents first whatever the order', async () => {
    t = tempStore();
    const summary = await importFixture(t.store, TREE);
    expect(summary).toEqual({
      organizations: 4,
      licenses: 0,
      codeTypes: 0,
      codes: 0,
      edgeDevices: 0,
      notifications: 0,
    });
    expect((await rootOrganizations(t.store)).map((o) => o.uuid).sort()).toEqual(
      [ORG.other, ORG.root].sort(),
    );
    const [child] = await t.store.organizations.load([ORG.child], 'UTC');
    expect(child).toMatchObject({ organizationUuid: ORG.root, orgAddress: { city: 'Pune', pin: '411001' } });
  });

  it('names the bad path and stores nothing when a record is invalid', async () => {
    t = tempStore();
    await expect(
      importFixture(t.store, {
        ...TREE,
        edgeDevices: [{ orgUUID: ORG.root }, { orgUUID: ORG.root, port: 'x' }],
      }),
    ).rejects.toThrow(/edgeDevices\[1\]\.port/);
    expect(count(t, 'organizations')).toBe(0);
  });

  it('rolls back the whole import when a link is broken late in the file', async () => {
    t = tempStore();
    const missing = 'a0000000-0000-4000-8000-0000000000ff';
    await expect(
      importFixture(t.store, {
        ...TREE,
        edgeDevices: [{ orgUUID: ORG.root, serialNumber: 'A' }, { orgUUID: missing }],
      }),
    ).rejects.toThrow(/edgeDevices\[1\]\.orgUUID: no such organization/);
    expect(count(t, 'organizations')).toBe(0);
    expect(count(t, 'edge_devices')).toBe(0);
  });
});

describe('seedDemo', () => {
  let t: ReturnType<typeof tempStore>;
  afterEach(() => t.cleanup());

  it('seeds a realistic set, and seeding twice leaves one copy', async () => {
    t = tempStore();
    const first = await seedDemo(t.store);
    expect(first).toMatchObject({ organizations: 8, licenses: 3, edgeDevices: 300, notifications: 3 });
    const tables = [
      'organizations',
      'org_addresses',
      'licenses',
      'code_types',
      'codes',
      'edge_devices',
      'edge_flows',
      'external_references',
      'notifications',
      'notification_options',
      'notification_configurations',
    ];
    const before = tables.map((table) => count(t, table));
    await seedDemo(t.store);
    expect(tables.map((table) => count(t, table))).toEqual(before);
    expect(count(t, 'edge_flows')).toBe(60);
    expect(count(t, 'notification_configurations')).toBe(1);
    const statuses = t.engine.db.prepare('SELECT status FROM licenses ORDER BY status').pluck().all();
    expect(statuses).toEqual(['ACTIVE', 'EXPIRED', 'INACTIVE']);
  });

  it('is deterministic: two fresh databases get the same uuids', async () => {
    t = tempStore();
    const other = tempStore();
    try {
      await seedDemo(t.store);
      await seedDemo(other.store);
      const uuids = (s: typeof t) =>
        s.engine.db.prepare('SELECT uuid FROM edge_devices ORDER BY uuid').pluck().all();
      expect(uuids(t)).toEqual(uuids(other));
      expect(await rootOrganizations(t.store)).toEqual(await rootOrganizations(other.store));
    } finally {
      other.cleanup();
    }
  });
});
