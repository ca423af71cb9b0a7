import type { ApiClient } from '../api/client.js';
import type { PageOptions } from '../api/paginate.js';
import type { RecordKind } from '../domain/index.js';
import type { IO } from './io.js';
import { listingProgress } from './listing.js';
import { type OutputSpec, writeRecords } from './output.js';

export interface ListingOptions {
  io: IO;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
  page: PageOptions;
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
  const follow = opts.page.all === true || (opts.page.limit ?? 0) > opts.page.pageSize;
  // Records streaming to the terminal would tear the progress line; a table is printed at the end, and
  // records going to a file or a pipe leave stderr's terminal free for it.
  const toTerminal = opts.io.stdoutIsTTY && opts.output.format !== 'table';
  const progress = await listingProgress(opts.io, what.noun, follow && !toTerminal);
  try {
    const records = stopAfterLast(what.list(api, { ...opts.page, onPage: progress.onPage }), progress.stop);
    return await writeRecords(opts.io, opts.output, what.kind, records, `No ${what.noun} found.`);
  } finally {
    progress.stop();
  }
}

/** Ends the progress line once the last record arrived, before the writer prints a buffered table. */
async function* stopAfterLast<T>(records: AsyncIterable<T>, stop: () => void): AsyncGenerator<T> {
  try {
    yield* records;
  } finally {
    stop();
  }
}
