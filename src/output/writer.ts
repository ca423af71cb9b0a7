import { Sink } from './sink.js';
import type { OutputFormat, OutputOptions, RecordWriter } from './types.js';

type Create = (sink: Sink, opts: OutputOptions) => RecordWriter;

// Each format's module loads when a writer of that format is made: `-o json` loads neither the table stack
// nor the record schemas (zod) that tables, csv and names take their columns from.
const FORMATS: Record<OutputFormat, () => Promise<Create>> = {
  json: async () => (await import('./json.js')).createJsonWriter,
  ndjson: async () => (await import('./ndjson.js')).createNdjsonWriter,
  csv: async () => (await import('./csv.js')).createCsvWriter,
  yaml: async () => (await import('./yaml.js')).createYamlWriter,
  table: async () => (await import('./table.js')).createTableWriter,
  name: async () => (await import('./name.js')).createNameWriter,
};

/**
 * Writes records to `out` in the chosen format. Calls are queued, so records keep their order even when a
 * caller does not await each write; `end()` finishes the format and hands everything to `out` but leaves it
 * open; `flush()` hands over what was written so far (before an error is told on stderr, say).
 */
export function createRecordWriter(out: NodeJS.WritableStream, opts: OutputOptions): Required<RecordWriter> {
  const format = FORMATS[opts.format];
  if (!format) throw new TypeError(`unknown output format: ${String(opts.format)}`);
  const sink = new Sink(out);
  const query = opts.query;
  const inner: Promise<RecordWriter> = query
    ? import('./query.js').then((m) => m.createQueryWriter(sink, { ...opts, query }))
    : format().then((create) => create(sink, opts));
  // Its failure is the first write's (or end's) to report.
  inner.catch(() => undefined);
  let tail: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | undefined;
  let ended = false;
  // After a failed write (a closed pipe, say) every later call fails with the same error.
  const enqueue = (step: (w: RecordWriter) => Promise<void>): Promise<void> => {
    const next = tail.then(async () => {
      if (failure) throw failure.error;
      return step(await inner);
    });
    tail = next.catch((error: unknown) => {
      failure ??= { error };
    });
    return next;
  };
  return {
    write(record) {
      if (ended) return Promise.reject(new Error('write after end'));
      return enqueue((w) => w.write(record));
    },
    writeAll(records, ndjson) {
      if (ended) return Promise.reject(new Error('write after end'));
      return enqueue(async (w) => {
        if (w.writeAll) return w.writeAll(records, ndjson);
        for (const record of records) await w.write(record);
      });
    },
    end() {
      if (ended) return tail;
      ended = true;
      return enqueue(async (w) => {
        await w.end();
        await sink.flush();
      });
    },
    flush() {
      return enqueue(() => sink.flush());
    },
  };
}
