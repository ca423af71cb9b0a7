import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFixture } from '../../../src/server/index.js';
import { ORG, TREE, tempStore } from './temp-store.js';

const DEVICES = 20_000;
const PAGE = 1000;

function median(fn: () => void, reps = 5): number {
  const xs: number[] = [];
  for (let i = 0; i < reps; i++) {
    const s = performance.now();
    fn();
    xs.push(performance.now() - s);
  }
  return xs.sort((a, b) => a - b)[Math.floor(reps / 2)]!;
}

describe('deep pages of the edge device listing', () => {
  let t: ReturnType<typeof tempStore>;
  beforeAll(async () => {
    t = tempStore();
    await importFixture(t.store, TREE);
    const orgs = [ORG.root, ORG.child, ORG.grandchild, ORG.other];
    t.engine.tx(() => {
      for (let i = 0; i < DEVICES; i++) {
        const uuid = `d${String(i).padStart(7, '0')}-0000-4000-8000-000000000000`;
        t.engine.edgeDevices.insert(
          { uuid, orgUUID: orgs[i % 4]!, serialNumber: `SN${i}` },
          1_000 + (i % 97),
        );
        if (i % 5 === 0) t.engine.edgeDevices.upsertFlow(uuid, { flowId: 'f', flowJSON: '[]' }, 1);
      }
    });
  });
  afterAll(() => t.cleanup());

  it('reads the page keys from the covering index, without sorting', () => {
    const plan = t.engine.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT d.uuid FROM edge_devices d INDEXED BY edge_devices_by_created
         WHERE d.org_uuid IN (SELECT value FROM json_each(?)) ORDER BY d.created_on, d.uuid LIMIT 10 OFFSET 10`,
      )
      .all('[]')
      .map((r) => (r as { detail: string }).detail)
      .join('\n');
    expect(plan).toContain('COVERING INDEX edge_devices_by_created');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('walks every page of a scope exactly once, in order', () => {
    const seen: string[] = [];
    const scope = 15_000; // root, child and grandchild: three quarters of the devices
    for (let offset = 0; ; offset += PAGE) {
      const keys = t.engine.edgeDevices.pageKeys(ORG.root, PAGE, offset);
      seen.push(...keys);
      if (keys.length < PAGE) break;
    }
    expect(seen).toHaveLength(scope);
    expect(new Set(seen).size).toBe(scope);
    const order = t.engine.db
      .prepare(`SELECT uuid FROM edge_devices WHERE org_uuid != ? ORDER BY created_on, uuid`)
      .pluck()
      .all(ORG.other);
    expect(seen).toEqual(order);
  });

  it('pages asked in any order, of any size, are the pages OFFSET gives; a write is seen at once', () => {
    const { edgeDevices, db } = t.engine;
    const byOffset = db.prepare(
      `SELECT uuid FROM edge_devices WHERE org_uuid != ? ORDER BY created_on, uuid LIMIT ? OFFSET ?`,
    );
    const expectPage = (limit: number, offset: number) =>
      expect(edgeDevices.pageKeys(ORG.root, limit, offset)).toEqual(
        byOffset.pluck().all(ORG.other, limit, offset),
      );
    for (const [limit, offset] of [
      [100, 14_900],
      [7, 199],
      [7, 200],
      [7, 201],
      [7, 999],
      [7, 1000],
      [7, 1001],
      [333, 5_432],
      [50, 2_000],
      [10, 14_995],
      [10, 20_000],
    ] as const) {
      expectPage(limit, offset);
    }
    // An earlier device moves every later one a place on: the remembered keys must not be used.
    edgeDevices.insert(
      { uuid: 'c0000000-0000-4000-8000-000000000000', orgUUID: ORG.root, serialNumber: 'SNX' },
      1,
    );
    expectPage(100, 14_900);
    expectPage(7, 5_000);
  });

  it('a deep page, reached page after page, costs about what the first costs', () => {
    const { edgeDevices } = t.engine;
    const last = Math.floor(DEVICES / PAGE) - 1;
    const first = median(() => edgeDevices.load(edgeDevices.pageKeys(ORG.other, PAGE, 0), 'UTC'));
    for (let p = 0; p < last; p++) edgeDevices.pageKeys(ORG.root, PAGE, p * PAGE);
    // A page size never served before: no remembered end, so the offset is skipped on the index.
    const cold = median(() =>
      edgeDevices.load(edgeDevices.pageKeys(ORG.root, PAGE - 1, 14 * (PAGE - 1)), 'UTC'),
    );
    const seeked = median(() =>
      edgeDevices.load(edgeDevices.pageKeys(ORG.root, PAGE, (last - 5) * PAGE), 'UTC'),
    );
    // Generous bounds: the machine is shared; a table scan with OFFSET would be far beyond them.
    expect(seeked).toBeLessThan(first * 3 + 10);
    expect(cold).toBeLessThan(first * 4 + 20);
  });
});

describe('pages asked a few at a time (a client walking with --parallel)', () => {
  let t: ReturnType<typeof tempStore>;
  let marksRead = 0;
  beforeAll(async () => {
    t = tempStore();
    // Counts the statement that reads every mark of a listing (made when first needed).
    const prepare = t.engine.db.prepare.bind(t.engine.db);
    t.engine.db.prepare = ((sql: string) => {
      if (sql.includes('row_number()')) marksRead++;
      return prepare(sql);
    }) as typeof t.engine.db.prepare;
    await importFixture(t.store, TREE);
    t.engine.tx(() => {
      for (let i = 0; i < 5_000; i++) {
        const uuid = `e${String(i).padStart(7, '0')}-0000-4000-8000-000000000000`;
        t.engine.edgeDevices.insert({ uuid, orgUUID: ORG.root, serialNumber: `SN${i}` }, 1_000 + (i % 89));
      }
    });
  });
  afterAll(() => t.cleanup());

  it('a page served before the one before it seeks from an end a few pages back, not from the marks', () => {
    const { edgeDevices, db } = t.engine;
    const byOffset = db.prepare(
      `SELECT uuid FROM edge_devices WHERE org_uuid != ? ORDER BY created_on, uuid LIMIT ? OFFSET ?`,
    );
    // Pages of 250 in the order four requests in flight may be served: each a page or three ahead.
    const order = [0, 2, 1, 3, 6, 4, 5, 9, 7, 8, 12, 10, 11, 13, 14, 17, 15, 16, 19, 18];
    for (const p of order)
      expect(edgeDevices.pageKeys(ORG.root, 250, p * 250), `page ${p}`).toEqual(
        byOffset.pluck().all(ORG.other, 250, p * 250),
      );
    expect(marksRead).toBe(0);
  });
});
