import type { ApiClient } from '../api/client.js';
import type { Listing, PageOptions } from '../api/paginate.js';
import type { RecordKind } from '../domain/index.js';
import { passesThrough } from '../domain/output-formats.js';
import { followsPages } from '../domain/paging.js';
import { UsageError } from './command-errors.js';
import type { IO } from './io.js';
import { FOLLOW_PAGE_SIZE, type ListFlags, listingProgress } from './listing.js';
import type { Condition } from './listing-where.js';
import { type OutputSpec, writeRecords } from './printing.js';

export interface ListingOptions {
  io: IO;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
  page: PageOptions;
  /** --where conditions, checked against the kind's fields (listingFilter). */
  where?: Condition[];
  /** --sort-by field. */
  sortBy?: string;
  /** --reverse: --sort-by's order turned. */
  reverse?: boolean;
  /** --watch: read again every intervalMs, printing what changed. */
  watch?: { intervalMs: number };
}

/** --where and --sort-by checked against the kind's fields before anything is fetched (exit 2). */
export async function listingFilter(
  flags: ListFlags,
  kind: RecordKind,
): Promise<Pick<ListingOptions, 'where' | 'sortBy' | 'reverse'>> {
  if (!flags.where?.length && flags.sortBy === undefined) return {};
  const [{ viewOf, checkPath }, { parseWhere }] = await Promise.all([
    import('../output/index.js'),
    import('./listing-where.js'),
  ]);
  const view = viewOf(kind);
  try {
    return {
      where: flags.where?.length ? parseWhere(flags.where, view, checkPath) : undefined,
      sortBy: flags.sortBy === undefined ? undefined : checkPath(view, flags.sortBy, '--sort-by field'),
      ...(flags.reverse ? { reverse: true } : {}),
    };
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/** Streams a paged listing to the record writer; returns how many records were written. */
export async function runListing(
  opts: ListingOptions,
  what: {
    list: (api: ApiClient, page: PageOptions) => AsyncIterable<object>;
    kind: RecordKind;
    noun: string;
  },
): Promise<number> {
  const api = await opts.api();
  if (opts.watch) {
    const { watch } = await import('./listing-watch.js');
    return watch(opts, opts.watch.intervalMs, {
      kind: what.kind,
      where: opts.where,
      read: async () => what.list(api, { pageSize: FOLLOW_PAGE_SIZE, all: true }),
    });
  }
  // With --where, --limit counts the records kept: pages are followed until that many matched. With
  // --sort-by it counts the first of the whole listing's order: every page is read.
  const sorting = opts.sortBy !== undefined;
  const page: PageOptions =
    opts.where || sorting ? { ...opts.page, all: followsPages(opts.page), limit: undefined } : opts.page;
  // Progress is for a walk of more than one page.
  const manyPages = page.all === true || (page.limit ?? 0) > page.pageSize;
  // Records streaming to the terminal would tear the progress line; a table is printed at the end, and
  // records going to a file or a pipe leave stderr's terminal free for it.
  const toTerminal = opts.io.stdoutIsTTY && opts.output.format !== 'table';
  const progress = await listingProgress(opts.io, what.noun, manyPages && !toTerminal);
  let fetched = 0;
  let total: number | undefined;
  const onPage: PageOptions['onPage'] = (n, t) => {
    fetched = n;
    total = t;
    progress.onPage?.(n, t);
  };
  // NDJSON of whole records, nothing reading them on the way: the service's own lines can be printed.
  const raw = !opts.where && opts.sortBy === undefined && passesThrough(opts.output);
  let count: number;
  try {
    let records: AsyncIterable<object> | Iterable<object> = stopAfterLast(
      what.list(api, { ...page, onPage, raw }),
      progress.stop,
    );
    if (opts.where) {
      const { whereFilter } = await import('./listing-where.js');
      records = whereFilter(
        records as AsyncIterable<object>,
        opts.where,
        sorting ? undefined : opts.page.limit,
      );
    }
    if (opts.sortBy !== undefined) {
      const { sortRecords } = await import('./listing-sort.js');
      records = await sortRecords(records as AsyncIterable<object>, opts.sortBy, {
        limit: opts.page.limit,
        reverse: opts.reverse,
      });
    }
    // A filtered listing says what it looked at instead of "none found" (below).
    const empty = opts.where ? undefined : `No ${what.noun} found.`;
    count = await writeRecords(opts.io, opts.output, what.kind, records, empty);
  } finally {
    progress.stop();
  }
  const start = page.startPage ?? 0;
  const more = total === undefined || start * page.pageSize + fetched < total;
  // A page short of the size asked may be a cap of the service's own: X-Total-Count tells.
  const full = fetched >= page.pageSize || (fetched > 0 && total !== undefined);
  const table = opts.output.format === 'table';
  if (opts.where && (table || opts.io.stdoutIsTTY)) {
    const { whereText } = await import('./listing-where.js');
    const looked = { pageNo: start, fetched, total, more: full && more };
    const line = filteredNote(
      count,
      manyPages ? undefined : looked,
      whereText(opts.where),
      what.noun,
      fetched,
    );
    if (line && (count === 0 ? table : opts.io.stdoutIsTTY)) opts.io.note(line);
  } else if (!manyPages && opts.io.stdoutIsTTY && full && more) {
    opts.io.note(nextPageFooter(start, fetched, total, what.noun));
  }
  return count;
}

/**
 * What a filtered listing looked at, said once: on one page, which page, how much of the listing that was
 * and how to look further; over every page, how many were read. Undefined when there is nothing to add
 * (records were found and no page is left).
 */
export function filteredNote(
  kept: number,
  page: { pageNo: number; fetched: number; total: number | undefined; more: boolean } | undefined,
  where: string,
  noun: string,
  read: number,
): string | undefined {
  if (!page) return kept === 0 ? `No ${noun} match ${where} (${read} read).` : undefined;
  const of = page.total === undefined ? `${page.fetched}` : `${page.fetched} of ${page.total}`;
  const further = page.more ? `; next page: --page ${page.pageNo + 1}; every page: --all` : '';
  if (kept === 0) {
    const whole = page.more ? '; --all looks at every page' : '';
    return `No ${noun} on page ${page.pageNo} (${of}) match ${where}${whole}.`;
  }
  return page.more ? `Page ${page.pageNo} (${of} ${noun}): ${kept} match ${where}${further}.` : undefined;
}

/** Under one page on a terminal: how to get the next page, or everything. */
export function nextPageFooter(
  pageNo: number,
  fetched: number,
  total: number | undefined,
  noun: string,
): string {
  const of = total === undefined ? '' : ` of ${total}`;
  return `Page ${pageNo}: ${fetched}${of} ${noun}. Next page: --page ${pageNo + 1}; everything: --all`;
}

/**
 * Ends the progress line once the last record arrived, before the writer prints a buffered table. An
 * iterator of its own, not a generator around the records: a generator layer costs several promises a record.
 */
function stopAfterLast<T>(records: AsyncIterable<T>, stop: () => void): AsyncIterable<T> {
  const ended = <R>(r: R): R => {
    stop();
    return r;
  };
  const wrap = <V>(it: AsyncIterator<V>): AsyncIterator<V> => ({
    next: () =>
      it.next().then(
        (r) => (r.done ? ended(r) : r),
        (err: unknown) => ended(Promise.reject(err)),
      ),
    return: (value?: unknown) => ended(it.return?.(value) ?? Promise.resolve({ done: true as const, value })),
  });
  // The pages, where the listing has them (paginate.ts), end the progress line the same way.
  const pages = (records as Partial<Listing<T>>).pages;
  return {
    [Symbol.asyncIterator]: () => wrap(records[Symbol.asyncIterator]()),
    ...(pages ? { pages: { [Symbol.asyncIterator]: () => wrap(pages) } } : {}),
  } as AsyncIterable<T>;
}
