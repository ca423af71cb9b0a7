import { describe, expect, it } from 'vitest';
import { IncompleteListingError, type Page, paginate } from '../../src/api/paginate.js';
import { pageLength, recordsOf } from '../../src/domain/record-lines.js';

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

/**
 * A service that serves at most `cap` records a page whatever pageSize asks, Spring Data's way (page
 * numbers count pages of the capped size), or by the size asked (`offsetBy: 'asked'`, skipping records).
 */
function capped(
  total: number,
  cap: number,
  opts: { sendTotal?: number; offsetBy?: 'served' | 'asked' } = {},
) {
  const calls: Array<[number, number]> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchPage = async (pageNo: number, pageSize: number): Promise<Page<number>> => {
    calls.push([pageNo, pageSize]);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // Later pages answer sooner: order must come from the walker, not from the answers.
    await new Promise((r) => setTimeout(r, Math.max(0, 8 - pageNo)));
    inFlight--;
    const size = Math.min(pageSize, cap);
    const start = pageNo * (opts.offsetBy === 'asked' ? pageSize : size);
    const records = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => start + i);
    return { records, total: opts.sendTotal };
  };
  return { calls, fetchPage, maxInFlight: () => maxInFlight };
}

const upTo = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('paginate through a page cap of the service', () => {
  it('--all holds every record once when every page is capped at 7 (52 records, no X-Total-Count)', async () => {
    const l = capped(52, 7);
    expect(await collect(paginate(l.fetchPage, { pageSize: 500, all: true }))).toEqual(upTo(52));
    // Then page size 7: pages 1 to 7, and the last short page read again to be sure nothing follows.
    expect(l.calls[0]).toEqual([0, 500]);
    expect(l.calls.slice(1).every(([, size]) => size === 7)).toBe(true);
  });

  it('a service that counts pages by the size asked loses nothing either', async () => {
    const l = capped(52, 7, { offsetBy: 'asked' });
    expect(await collect(paginate(l.fetchPage, { pageSize: 20, all: true }))).toEqual(upTo(52));
  });

  it('--limit 20 gives 20 through the cap', async () => {
    const l = capped(52, 7);
    expect(await collect(paginate(l.fetchPage, { pageSize: 20, limit: 20 }))).toEqual(upTo(20));
  });

  it('with X-Total-Count, the walk ends on the short page without asking again', async () => {
    const l = capped(52, 7, { sendTotal: 52 });
    expect(await collect(paginate(l.fetchPage, { pageSize: 500, all: true }))).toEqual(upTo(52));
    expect(l.calls.map(([p]) => p)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('fails after the records when X-Total-Count promised more than came', async () => {
    const l = capped(52, 7, { sendTotal: 60 });
    const got: number[] = [];
    await expect(
      (async () => {
        for await (const n of paginate(l.fetchPage, { pageSize: 500, all: true })) got.push(n);
      })(),
    ).rejects.toThrow(IncompleteListingError);
    expect(got).toEqual(upTo(52));
  });
});

describe('paginate with pages in parallel', () => {
  it('keeps up to N requests in flight when X-Total-Count is known, records in order', async () => {
    const l = capped(1000, 1000, { sendTotal: 1000 });
    const got = await collect(paginate(l.fetchPage, { pageSize: 10, all: true, parallel: 4 }));
    expect(got).toEqual(upTo(1000));
    expect(l.maxInFlight()).toBe(4);
    // Every page once, and the empty page that ends a listing of whole pages.
    expect(l.calls.map(([p]) => p).sort((a, b) => a - b)).toEqual(upTo(101));
  });

  it('one request at a time with parallel 1, or without X-Total-Count (then one page ahead, asked after a full one)', async () => {
    const one = capped(100, 100, { sendTotal: 100 });
    expect(await collect(paginate(one.fetchPage, { pageSize: 10, all: true, parallel: 1 }))).toEqual(
      upTo(100),
    );
    expect(one.maxInFlight()).toBe(1);
    const unknown = capped(100, 100);
    expect(await collect(paginate(unknown.fetchPage, { pageSize: 10, all: true, parallel: 4 }))).toEqual(
      upTo(100),
    );
    expect(unknown.maxInFlight()).toBe(1);
    // Never past a short page: the walk ends with the one request that finds the end.
    expect(Math.max(...unknown.calls.map(([p]) => p))).toBeLessThanOrEqual(10);
  });

  it('learns a page cap first, then walks the capped pages in parallel', async () => {
    const l = capped(52, 7, { sendTotal: 52 });
    expect(await collect(paginate(l.fetchPage, { pageSize: 500, all: true, parallel: 4 }))).toEqual(upTo(52));
    expect(l.maxInFlight()).toBeGreaterThan(1);
  });

  it('asks no page past a --limit', async () => {
    const l = capped(1000, 1000, { sendTotal: 1000 });
    expect(await collect(paginate(l.fetchPage, { pageSize: 10, limit: 35, parallel: 8 }))).toEqual(upTo(35));
    expect(Math.max(...l.calls.map(([p]) => p))).toBe(3);
  });

  it('holds at most N pages however long the listing', async () => {
    const l = capped(10_000, 10_000, { sendTotal: 10_000 });
    let n = 0;
    for await (const _ of paginate(l.fetchPage, { pageSize: 10, all: true, parallel: 3 })) {
      // While the consumer is slow, requests ahead never pass the window.
      if (n++ % 100 === 0) await new Promise((r) => setTimeout(r, 2));
      expect(l.calls.length).toBeLessThanOrEqual(Math.floor(n / 10) + 3);
    }
    expect(n).toBe(10_000);
  });
});

describe('paginate: pages', () => {
  it('gives the same records a page at a time, the last page cut at --limit', async () => {
    const l = listing(45);
    const pages = await collect(paginate(l.fetchPage, { pageSize: 10, limit: 23 }).pages!);
    expect(pages.map((p) => pageLength(p))).toEqual([10, 10, 3]);
    expect(pages.flatMap((p) => recordsOf(p))).toEqual(
      await collect(paginate(listing(45).fetchPage, { pageSize: 10, limit: 23 })),
    );
    expect(l.calls.map(([p]) => p)).toEqual([0, 1, 2]);
  });

  it('yields no empty page, and ends as the records end', async () => {
    const l = listing(20);
    const pages = await collect(paginate(l.fetchPage, { pageSize: 10, all: true }).pages!);
    expect(pages).toEqual([
      Array.from({ length: 10 }, (_, i) => i),
      Array.from({ length: 10 }, (_, i) => 10 + i),
    ]);
  });
});
