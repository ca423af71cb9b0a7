// A listing written page by page holds no page past its turn: while the next page is fetched, the ones
// written are garbage. A page still held then (by a generator's frame, or by the writer's first page) lives
// through the young generation's collections and is promoted to old space (test/e2e/young-generation.test.ts
// shows the effect on a whole export). Checked here with a full collection, which frees what nothing holds.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type Page, paginate } from '../../src/api/paginate.js';
import { pageLength } from '../../src/domain/record-lines.js';
import { writeRecords } from '../../src/kit/printing.js';
import { testIO } from '../helpers/test-io.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const PAGES = 6;
const SIZE = 50;

/**
 * Pages of fresh records, made on request and kept only through WeakRefs; `heldWhenAsked[n]` lists the pages
 * before n still alive, after a full collection, while page n was being fetched.
 */
function weakPages() {
  const refs: WeakRef<object[]>[] = [];
  const heldWhenAsked: number[][] = [];
  const make = (n: number): object[] =>
    Array.from({ length: SIZE }, (_, i) => ({ uuid: `d-${n}-${i}`, serialNumber: `SN-${n * SIZE + i}` }));
  const fetchPage = async (pageNo: number): Promise<Page<object>> => {
    // A turn of the event loop, as a real request takes: a WeakRef keeps its target for the turn it was
    // made or read in, and the walk's frames are then suspended, as they are while a page is on its way.
    await new Promise((r) => setImmediate(r));
    gc();
    heldWhenAsked[pageNo] = refs.flatMap((r, n) => (r.deref() === undefined ? [] : [n]));
    const records = pageNo < PAGES ? make(pageNo) : [];
    refs[pageNo] = new WeakRef(records);
    return { records, total: PAGES * SIZE };
  };
  return { fetchPage, heldWhenAsked };
}

describe('a listing holds no page past its turn', () => {
  it('paginate: while page n is fetched, the pages before it are collectable', async () => {
    const w = weakPages();
    const listing = paginate(w.fetchPage, { pageSize: SIZE, all: true });
    const pages = listing.pages[Symbol.asyncIterator]();
    // Counted in a function of its own: this test's frame holds no page either.
    const take = async () => {
      const r = await pages.next();
      return r.done ? -1 : pageLength(r.value);
    };
    let records = 0;
    for (let n = await take(); n >= 0; n = await take()) records += n;
    expect(records).toBe(PAGES * SIZE);
    for (let n = 1; n < PAGES; n++) expect(w.heldWhenAsked[n], `while page ${n} was fetched`).toEqual([]);
  });

  it('writeRecords: while page n is fetched, neither the first page nor the last written is held', async () => {
    const w = weakPages();
    const io = testIO();
    const count = await writeRecords(
      io,
      { format: 'ndjson', color: false, isTTY: false, width: 0, now: Date.now },
      'edgeDevice',
      paginate(w.fetchPage, { pageSize: SIZE, all: true }),
      'No edge devices found.',
    );
    expect(count).toBe(PAGES * SIZE);
    expect(io.out().split('\n').filter(Boolean)).toHaveLength(PAGES * SIZE);
    for (let n = 1; n < PAGES; n++) expect(w.heldWhenAsked[n], `while page ${n} was fetched`).toEqual([]);
  });
});
