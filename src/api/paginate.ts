export interface PageOptions {
  /** Records per request. */
  pageSize: number;
  /** First page to fetch (zero-based). */
  startPage?: number;
  /** Follow pages until the first short page. */
  all?: boolean;
  /** Stop after this many records (following pages as needed, never requesting more pages than needed). */
  limit?: number;
  /** Called after each page with the records fetched so far and X-Total-Count when the service sent it. */
  onPage?: (fetched: number, total: number | undefined) => void;
}

export interface Page<T> {
  records: T[];
  total?: number;
}

/**
 * Records of a paged listing, one at a time, holding one page in memory.
 * Without `all` or `limit`: the one page `startPage`. With either: pages from `startPage` until a short
 * (or empty) page, or until `limit` records were yielded. X-Total-Count is only reported, never trusted.
 */
export async function* paginate<T>(
  fetchPage: (pageNo: number, pageSize: number) => Promise<Page<T>>,
  opts: PageOptions,
): AsyncGenerator<T> {
  const { pageSize } = opts;
  if (!Number.isInteger(pageSize) || pageSize <= 0)
    throw new RangeError('pageSize must be a positive integer');
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  const follow = opts.all === true || opts.limit !== undefined;
  let pageNo = opts.startPage ?? 0;
  let yielded = 0;
  let fetched = 0;
  while (yielded < limit) {
    const page = await fetchPage(pageNo, pageSize);
    fetched += page.records.length;
    opts.onPage?.(fetched, page.total);
    for (const record of page.records) {
      if (yielded >= limit) return;
      yield record;
      yielded++;
    }
    if (!follow || page.records.length < pageSize) return;
    pageNo++;
  }
}
