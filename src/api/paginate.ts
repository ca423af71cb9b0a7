import { followsPages } from '../domain/paging.js';
import { pageLength, type RecordPage, recordsOf, slicePage } from '../domain/record-lines.js';
import { ApiError } from './request-errors.js';

export interface PageOptions {
  /** Records per request. */
  pageSize: number;
  /** First page to fetch (zero-based). */
  startPage?: number;
  /** Follow pages to the end of the listing. */
  all?: boolean;
  /** Stop after this many records (following pages as needed, never requesting more pages than needed). */
  limit?: number;
  /** Called after each page with the records fetched so far and X-Total-Count when the service sent it. */
  onPage?: (fetched: number, total: number | undefined) => void;
  /**
   * Page requests kept in flight while following pages, when X-Total-Count gives the listing's length; two
   * (one page ahead) when it does not (1 or none: one page at a time). Records still come in order; at
   * most this many pages are held.
   */
  parallel?: number;
  /**
   * Pages may come as the service wrote their records (record-lines.ts), for a writer that prints them
   * unchanged; the records themselves are still what the walk yields record by record.
   */
  raw?: boolean;
}

export interface Page<T> {
  /** The records, or with `raw` maybe the lines they came as. */
  records: RecordPage<T>;
  total?: number;
}

/** A walk ended before the records X-Total-Count promised: the output may be missing some. */
export class IncompleteListingError extends ApiError {
  constructor(fetched: number, total: number) {
    super({
      code: 'INCOMPLETE_LISTING',
      reason:
        `the listing ended after ${fetched} records, but the service counted ${total} (X-Total-Count): ` +
        'the output may be incomplete',
      httpStatus: null,
    });
    this.name = 'IncompleteListingError';
  }
}

/**
 * Records of a paged listing, one at a time. Without `all` or `limit`: the one page `startPage`. With
 * either: pages from `startPage` to the end of the listing, or until `limit` records were yielded.
 *
 * A service may cap its pages below the size asked for (decisions.md, "read tolerantly"), so a short page
 * ends the walk only when X-Total-Count says nothing remains, or when the page after it is empty. Otherwise
 * the walk goes on with the size the service served, page numbers re-derived from the records read so far
 * (a page that starts before that point has its leading records dropped): nothing is skipped or read twice.
 * When X-Total-Count promised more than came, the walk fails with IncompleteListingError after the records.
 */
export function paginate<T>(
  fetchPage: (pageNo: number, pageSize: number) => Promise<Page<T>>,
  opts: PageOptions,
): Listing<T> {
  const pages = paginatePages(fetchPage, opts);
  async function* records() {
    for await (const page of pages) yield* recordsOf(page);
  }
  return Object.assign(records(), { pages });
}

/**
 * A listing's records, one at a time; or, taken instead, `pages`: the same records a page at a time (a
 * writer that takes them so spends a few promises a page, not a record).
 */
export type Listing<T> = AsyncGenerator<T> & { pages: AsyncGenerator<RecordPage<T>> };

/** The pages of paginate's walk: its records in the arrays they came in, none empty. */
async function* paginatePages<T>(
  fetchPage: (pageNo: number, pageSize: number) => Promise<Page<T>>,
  opts: PageOptions,
): AsyncGenerator<RecordPage<T>> {
  if (!Number.isInteger(opts.pageSize) || opts.pageSize <= 0)
    throw new RangeError('pageSize must be a positive integer');
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  const follow = followsPages(opts);
  const parallel = follow ? Math.max(1, Math.floor(opts.parallel ?? 1)) : 1;
  let size = opts.pageSize;
  // Index of the next record wanted, over the whole listing.
  let offset = (opts.startPage ?? 0) * size;
  const end = offset + limit;
  // Whether a full page came at `size`: then `size` is one the service serves whole.
  let served = false;
  let yielded = 0;
  let fetched = 0;
  let total: number | undefined;
  // Pages requested ahead (key `pageNo:size`), in page order; a failure is the consumer's to see.
  const ahead = new Map<string, Promise<Page<T>>>();
  const request = (pageNo: number, pageSize: number): Promise<Page<T>> => {
    const key = `${pageNo}:${pageSize}`;
    const early = ahead.get(key);
    ahead.delete(key);
    return early ?? fetchPage(pageNo, pageSize);
  };
  const fetchAhead = (from: number, afterFull: boolean) => {
    if (parallel <= 1 || !served || (total === undefined && !afterFull)) return;
    // Without the length, one page ahead only, asked for after a full page: the service reads and sends it
    // while this process writes the records it has, and a listing that ends adds no request.
    const window = total === undefined ? 2 : parallel;
    const stop = total === undefined ? end : Math.min(total, end);
    for (let p = from; ahead.size < window - 1 && p * size < stop; p++) {
      const key = `${p}:${size}`;
      if (ahead.has(key)) continue;
      const promise = fetchPage(p, size);
      promise.catch(() => undefined);
      ahead.set(key, promise);
    }
  };

  while (yielded < limit) {
    const pageNo = Math.floor(offset / size);
    const skip = offset - pageNo * size;
    const current = request(pageNo, size);
    // With this page, up to `parallel` requests are in flight.
    if (skip === 0) fetchAhead(pageNo + 1, false);
    // A generator keeps its locals in its frame across each await, the last iteration's too: the arrays of
    // a page are let, and dropped before the next page is awaited. Held there, every page would survive the
    // young generation's collections and be promoted to old space, until a full collection.
    let page: Page<T> | undefined = await current;
    if (page.total !== undefined) total = page.total;
    let records: RecordPage<T> | undefined = page.records ?? [];
    page = undefined;
    const count = pageLength(records);
    const full = count >= size;
    if (full && skip === 0) served = true;
    // Once the first page told the length, the next pages go out before its records are written.
    if (full && skip === 0) fetchAhead(pageNo + 1, true);
    let fresh: RecordPage<T> | undefined = skip === 0 ? records : slicePage(records, skip);
    records = undefined;
    const freshCount = pageLength(fresh);
    fetched += freshCount;
    opts.onPage?.(fetched, total);
    let taken: RecordPage<T> | undefined =
      freshCount > limit - yielded ? slicePage(fresh, 0, limit - yielded) : fresh;
    fresh = undefined;
    const takenCount = pageLength(taken);
    if (takenCount > 0) {
      yielded += takenCount;
      yield taken;
    }
    taken = undefined;
    if (yielded >= limit) return;
    offset += freshCount;
    if (!follow) return;
    if (full) continue;
    // A short page: the end, or a cap of the service's own.
    const known = total !== undefined && offset >= total;
    if (freshCount === 0 || known) {
      if (freshCount === 0 && total !== undefined && offset < total && yielded < limit) {
        throw new IncompleteListingError(offset - (opts.startPage ?? 0) * opts.pageSize, total);
      }
      return;
    }
    if (!served) {
      // The first page short of the size asked: walk on with the size served.
      size = count;
      ahead.clear();
    }
  }
}
