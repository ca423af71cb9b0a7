// server import's streamed path on PostgreSQL (importRecords): organizations stored before the devices that
// name them, each batch's organization key checked as it is written while that holds, and deferred to the
// commit once a batch names an organization the file lists later.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FixtureError, importRecords } from '../../../src/server/loading/import.js';
import type { Store } from '../../../src/server/store/port.js';
import { openPostgresStore } from '../../../src/server/store/postgres/store.js';
import { freshDatabase } from '../../helpers/postgres.js';

const adminUrl = inject('pgAdminUrl');
const A = 'a0000000-0000-4000-8000-00000000000a';
const B = 'a0000000-0000-4000-8000-00000000000b';
const uuidOf = (i: number) => `d${String(i).padStart(7, '0')}-0000-4000-8000-000000000000`;

type Rec = { section: string; record: unknown };
const org = (uuid: string): Rec => ({ section: 'organizations', record: { uuid, orgName: `Org ${uuid}` } });
const device = (i: number, orgUUID: string, serial = `SN-${i}`): Rec => ({
  section: 'edgeDevices',
  record: { uuid: uuidOf(i), orgUUID, serialNumber: serial, edgeDeviceName: `gateway ${i}` },
});
async function* stream(recs: Iterable<Rec>): AsyncGenerator<Rec> {
  yield* recs;
}
function* range(from: number, to: number, orgUUID: string): Generator<Rec> {
  for (let i = from; i < to; i++) yield device(i, orgUUID);
}

describe.skipIf(!adminUrl)('server import on PostgreSQL', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openPostgresStore(await freshDatabase(adminUrl!), { create: true, appVersion: '0.1.0' });
  }, 60_000);
  afterAll(() => store?.close());

  it('stores devices listed before their organization, after batches whose organization came first', async () => {
    // Batches of A (its organization first in the file), then devices of B, whose organization comes last:
    // a batch of B is written before B is read.
    const recs = [org(A), ...range(0, 12_000, A), ...range(12_000, 20_000, B), org(B)];
    const summary = await importRecords(store, stream(recs));
    expect(summary).toMatchObject({ organizations: 2, edgeDevices: 20_000 });
    expect(await store.edgeDevices.countInOrg(A)).toBe(12_000);
    expect(await store.edgeDevices.countInOrg(B)).toBe(8_000);
  }, 60_000);

  it('refuses a device whose organization never comes, naming it, and stores nothing', async () => {
    const C = 'a0000000-0000-4000-8000-00000000000c';
    const before = await store.counts();
    const recs = [
      org(C),
      ...range(20_000, 26_000, C),
      device(26_000, 'a0000000-0000-4000-8000-0000000000ff'),
    ];
    await expect(importRecords(store, stream(recs))).rejects.toThrow(
      new FixtureError(
        'edgeDevices[6000].orgUUID: no such organization a0000000-0000-4000-8000-0000000000ff',
      ),
    );
    expect(await store.counts()).toEqual(before);
  }, 60_000);

  it('stores the flows and references of the devices that have them, among thousands that have none', async () => {
    const E = 'a0000000-0000-4000-8000-00000000000e';
    const withChildren = (i: number): Rec => {
      const d = device(i, E).record as Record<string, unknown>;
      return {
        section: 'edgeDevices',
        record: {
          ...d,
          edgeFlows: [{ flowId: `flow-${i}`, flowName: 'main', flowJSON: '[]' }],
          externalReferences: [{ subType: 'mqtt', userName: `u${i}`, password: 'secret' }],
        },
      };
    };
    // One in every batch and one alone at the end, among bare devices.
    const recs = [org(E), ...range(40_000, 41_999, E), withChildren(41_999), ...range(42_000, 45_000, E)];
    recs.push(withChildren(45_000));
    // Text COPY must escape (a tab, a newline, a backslash), and a flow named twice in one device: its last.
    const odd = recs[recs.length - 1]!.record as { edgeFlows: Record<string, unknown>[] };
    odd.edgeFlows = [
      { flowId: 'twice', flowName: 'first', flowJSON: '[]' },
      { flowId: 'twice', flowName: 'tab\there\nline \\N', flowJSON: '{"k":"a\\tb"}', isActive: false },
    ];
    const summary = await importRecords(store, stream(recs));
    expect(summary.edgeDevices).toBe(5_001);
    // In listing order: found by uuid.
    const loaded = await store.edgeDevices.load([uuidOf(41_999), uuidOf(45_000), uuidOf(40_000)], 'UTC');
    const byUuid = new Map(loaded.map((d) => [d.uuid, d]));
    for (const i of [41_999, 45_000]) {
      const d = byUuid.get(uuidOf(i))!;
      expect(d.externalReferences!.map((r) => [r.userName, r.password])).toEqual([[`u${i}`, '********']]);
    }
    expect(byUuid.get(uuidOf(41_999))!.edgeFlows!.map((f) => f.flowId)).toEqual(['flow-41999']);
    expect(byUuid.get(uuidOf(45_000))!.edgeFlows).toMatchObject([
      { flowId: 'twice', flowName: 'tab\there\nline \\N', flowJSON: '{"k":"a\\tb"}', isActive: false },
    ]);
    const bare = byUuid.get(uuidOf(40_000));
    expect(bare!.edgeFlows).toEqual([]);
    expect(bare!.externalReferences).toEqual([]);
  }, 60_000);

  it('names a serial number taken in a later batch checked as it went, and stores nothing', async () => {
    const D = 'a0000000-0000-4000-8000-00000000000d';
    const before = await store.counts();
    const recs = [org(D), ...range(30_000, 37_000, D), device(37_000, D, 'SN-30001')];
    await expect(importRecords(store, stream(recs))).rejects.toThrow(
      'edgeDevices[7000].serialNumber: SN-30001 is taken in its organization',
    );
    expect(await store.counts()).toEqual(before);
  }, 60_000);
});
