import { describe, expect, it } from 'vitest';
import { type Page, paginate } from '../../src/api/paginate.js';

/** A listing of `total` numbered records, recording each page request. */
function listing(total: number, sendTotal = true) {
  const calls: Array<[number, number]> = [];
  const fetchPage = async (pageNo: number, pageSize: number): Promise<Page<number>> => {
    calls.push([pageNo, pageSize]);
    const start = pageNo * pageSize;
    const records = Array.from(
      { length: Math.max(0, Math.min(pageSize, total - start)) },
      (_, i) => start + i,
    );
    return { records, total: sendTotal ? total : undefined };
  };
  return { calls, fetchPage };
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('paginate', () => {
  it('fetches exactly one page without --all or --limit', async () => {
    const l = listing(50);
    expect(await collect(paginate(l.fetchPage, { pageSize: 10, startPage: 2 }))).toEqual([
      20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
    ]);
    expect(l.calls).toEqual([[2, 10]]);
  });

  it('--all follows pages to the first short page, each record once', async () => {
    const l = listing(25);
    const got = await collect(paginate(l.fetchPage, { pageSize: 10, all: true }));
    expect(got).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(l.calls).toEqual([
      [0, 10],
      [1, 10],
      [2, 10],
    ]);
  });

  it('--all stops on an empty page when the total is a multiple of the page size', async () => {
    const l = listing(20);
    expect(await collect(paginate(l.fetchPage, { pageSize: 10, all: true }))).toHaveLength(20);
    expect(l.calls.map(([p]) => p)).toEqual([0, 1, 2]);
  });

  it('--all does not trust X-Total-Count (a service may send a wrong one)', async () => {
    const calls: number[] = [];
    const fetchPage = async (pageNo: number): Promise<Page<number>> => {
      calls.push(pageNo);
      return { records: pageNo < 3 ? [pageNo * 2, pageNo * 2 + 1] : [], total: 2 };
    };
    expect(await collect(paginate(fetchPage, { pageSize: 2, all: true }))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(calls).toEqual([0, 1, 2, 3]);
  });

  it('--limit stops after N records and requests no page it does not need', async () => {
    const l = listing(1000);
    const got = await collect(paginate(l.fetchPage, { pageSize: 10, limit: 25 }));
    expect(got).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(l.calls.map(([p]) => p)).toEqual([0, 1, 2]);
  });

  it('--limit on an exact page boundary fetches no further page', async () => {
    const l = listing(1000);
    expect(await collect(paginate(l.fetchPage, { pageSize: 10, limit: 20 }))).toHaveLength(20);
    expect(l.calls.map(([p]) => p)).toEqual([0, 1]);
  });

  it('--limit larger than the listing ends at the last page', async () => {
    const l = listing(15);
    expect(await collect(paginate(l.fetchPage, { pageSize: 10, limit: 100 }))).toHaveLength(15);
  });

  it('stops fetching when the consumer stops early', async () => {
    const l = listing(1000);
    for await (const n of paginate(l.fetchPage, { pageSize: 10, all: true })) if (n === 12) break;
    expect(l.calls.map(([p]) => p)).toEqual([0, 1]);
  });

  it('reports progress with the running count and X-Total-Count', async () => {
    const l = listing(25);
    const seen: Array<[number, number | undefined]> = [];
    await collect(paginate(l.fetchPage, { pageSize: 10, all: true, onPage: (n, t) => seen.push([n, t]) }));
    expect(seen).toEqual([
      [10, 25],
      [20, 25],
      [25, 25],
    ]);
  });

  it('refuses a page size that is not a positive integer', async () => {
    const l = listing(5);
    await expect(collect(paginate(l.fetchPage, { pageSize: 0 }))).rejects.toThrow(RangeError);
  });
});
