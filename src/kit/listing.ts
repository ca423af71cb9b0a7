import { type Command, Option } from 'commander';
import type { PageOptions } from '../api/paginate.js';
import { followsPages } from '../domain/paging.js';
import { collect, wholeNumber } from './args.js';
import { UsageError } from './command-errors.js';
import type { IO, Spinner } from './io.js';

export const DEFAULT_PAGE_SIZE = 100;
/** --all and --limit walk many pages: bigger pages mean fewer round trips (the service allows up to 1000). */
export const FOLLOW_PAGE_SIZE = 500;

export interface ListFlags {
  page?: number;
  pageSize?: number;
  all?: boolean;
  limit?: number;
  where?: string[];
  sortBy?: string;
  reverse?: boolean;
  watch?: boolean;
  /** --interval as written: parsed by watchOptions. */
  interval?: string;
}

/** --page, --page-size, --all, --limit, --where, --sort-by and --reverse on a listing command. */
export function addListFlags(cmd: Command): Command {
  return cmd
    .addOption(new Option('--page <n>', 'page to fetch, from 0').argParser(wholeNumber(0)))
    .addOption(
      new Option('--page-size <n>', `records per page (default ${DEFAULT_PAGE_SIZE})`).argParser(
        wholeNumber(1),
      ),
    )
    .addOption(new Option('--all', 'follow pages until the last one, writing records as they arrive'))
    .addOption(
      new Option(
        '--limit <n>',
        'stop after n records, following pages as needed; with --sort-by, the first n of the whole listing',
      ).argParser(wholeNumber(1)),
    )
    .addOption(
      new Option(
        '--where <cond>',
        'keep records where FIELD=VALUE, FIELD!=VALUE, FIELD~TEXT (any case), or FIELD<VALUE, <=, >, >= (numbers, and timestamps by instant: createdOn>2026-01-31); repeatable, all must hold; FIELD may be a dot path',
      ).argParser(collect),
    )
    .addOption(
      new Option(
        '--sort-by <field>',
        'order by a field (a dot path), timestamps by instant, missing values last; reads the page, or with --all or --limit the whole listing, before printing',
      ),
    )
    .addOption(new Option('--reverse', 'with --sort-by, the other way: highest or latest first'));
}

/** Turns the listing flags into page options; --page with --all starts there. */
export function pageOptions(flags: ListFlags): PageOptions {
  if (flags.pageSize !== undefined && flags.pageSize > 1000) {
    throw new UsageError('--page-size must not exceed 1000');
  }
  const follow = followsPages(flags);
  let pageSize = flags.pageSize ?? (follow ? FOLLOW_PAGE_SIZE : DEFAULT_PAGE_SIZE);
  if (flags.reverse && flags.sortBy === undefined) throw new UsageError('--reverse goes with --sort-by');
  // A small --limit needs no bigger page than itself, unless the whole listing is read to sort or filter it.
  const reads = flags.sortBy !== undefined || (flags.where?.length ?? 0) > 0;
  if (flags.pageSize === undefined && flags.limit !== undefined && !reads)
    pageSize = Math.min(pageSize, flags.limit);
  return { pageSize, startPage: flags.page ?? 0, all: flags.all === true, limit: flags.limit };
}

/**
 * A progress line on stderr while a long listing runs (only on a terminal, and only when the service
 * sent X-Total-Count). Returns the onPage callback and a stop function.
 */
export async function listingProgress(
  io: IO,
  noun: string,
  enabled: boolean,
): Promise<{ onPage: PageOptions['onPage']; stop: () => void }> {
  if (!enabled || !io.stderrIsTTY) return { onPage: undefined, stop: () => {} };
  let spinner: Spinner | undefined;
  let pending: Promise<Spinner> | undefined;
  let stopped = false;
  return {
    onPage(fetched, total) {
      if (total === undefined || stopped) return;
      const text = `Fetched ${fetched} of ${total} ${noun}`;
      if (spinner) spinner.update(text);
      else
        pending ??= io.progress(text).then((s) => {
          spinner = s;
          return s;
        });
    },
    stop() {
      stopped = true;
      spinner?.stop();
      void pending?.then((s) => s.stop());
    },
  };
}

export const DEFAULT_INTERVAL_MS = 2000;

/** Parses --interval as --timeout is parsed: 500ms, 2s, 1m, or a number of seconds. */
async function intervalMs(text: string): Promise<number> {
  const { parseTimeout } = await import('../config/keys.js');
  const ms = parseTimeout(text);
  if (ms === undefined) throw new UsageError(`--interval: not a duration: ${text} (500ms, 2s, 1m)`);
  return ms;
}

/** --watch and --interval on a listing or a `get`. */
export function addWatchFlags(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '-w, --watch',
        'after the first read, print only what changes (added, changed, gone), reading again every --interval; Ctrl-C ends it',
      ),
    )
    .addOption(
      new Option('--interval <duration>', 'with --watch, how long between reads: 500ms, 2s, 1m (default 2s)'),
    );
}

/** The watch the flags ask for, or undefined; --interval alone, or --watch with a page or a limit, is refused. */
export async function watchOptions(flags: {
  watch?: boolean;
  interval?: string;
  page?: number;
  limit?: number;
  sortBy?: string;
}): Promise<{ intervalMs: number } | undefined> {
  if (!flags.watch) {
    if (flags.interval !== undefined) throw new UsageError('--interval goes with --watch');
    return undefined;
  }
  if (flags.page !== undefined || flags.limit !== undefined)
    throw new UsageError('--watch reads the whole listing each time: not with --page or --limit');
  if (flags.sortBy !== undefined)
    throw new UsageError('--watch prints changes as they are found: not with --sort-by');
  return {
    intervalMs: flags.interval === undefined ? DEFAULT_INTERVAL_MS : await intervalMs(flags.interval),
  };
}
