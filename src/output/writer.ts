import { isLines, recordsOf } from '../domain/record-lines.js';
import { passesThrough } from './formats.js';
import { DONE, Sink } from './sink.js';
import { terminalFilter } from './terminal-text.js';
import { isoTimestamps } from './timestamps.js';
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

const detailFormat = async (): Promise<Create> => (await import('./detail.js')).createDetailWriter;

/**
 * Writes records to `out` in the chosen format. Calls are queued, so records keep their order even when a
 * caller does not await each write; `end()` finishes the format and hands everything to `out` but leaves it
 * open; `flush()` hands over what was written so far (before an error is told on stderr, say).
 */
export function createRecordWriter(out: NodeJS.WritableStream, opts: OutputOptions): Required<RecordWriter> {
  const format = opts.format === 'table' && opts.detail ? detailFormat : FORMATS[opts.format];
  if (!format) throw new TypeError(`unknown output format: ${String(opts.format)}`);
  // On a terminal every format but a table or detail view (which escape each value, then colour) goes
  // out escaped.
  const sink = new Sink(out, terminalFilter(opts.format, opts.isTTY));
  // Tables read every form themselves; machine formats pass the service's values through unless asked.
  const iso = opts.timestamps === 'iso' && opts.format !== 'table' && opts.format !== 'name';
  const shape = iso ? isoTimestamps : <T>(r: T): T => r;
  const query = opts.query;
  // NDJSON of whole records as they came: a page of the service's lines (record-lines.ts) is those lines.
  const passThrough = passesThrough(opts);
  const inner: Promise<RecordWriter> = query
    ? import('./query.js').then((m) => m.createQueryWriter(sink, { ...opts, query }))
    : format().then((create) => create(sink, opts));
  // Its failure is the first write's (or end's) to report.
  inner.catch(() => undefined);
  let ready: RecordWriter | undefined;
  inner.then(
    (w) => {
      ready = w;
    },
    () => undefined,
  );
  let tail: Promise<void> = DONE;
  // Writes queued or still running: none, and a write may run at once.
  let pending = 0;
  let failure: { error: unknown } | undefined;
  let ended = false;
  // After a failed write (a closed pipe, say) every later call fails with the same error.
  const track = (next: Promise<void>): Promise<void> => {
    pending++;
    tail = next.then(
      () => {
        pending--;
      },
      (error: unknown) => {
        pending--;
        failure ??= { error };
      },
    );
    return next;
  };
  const enqueue = (step: (w: RecordWriter) => Promise<void>): Promise<void> =>
    track(
      tail.then(async () => {
        if (failure) throw failure.error;
        return step(await inner);
      }),
    );
  // With nothing queued a step runs now, and one that had nothing to wait for (Sink's DONE) costs no
  // promise: a listing writes a record at a time, and the queue's promises were a sixth of its garbage.
  const now = (step: (w: RecordWriter) => Promise<void>): Promise<void> => {
    if (pending > 0 || !ready) return enqueue(step);
    if (failure) return Promise.reject(failure.error);
    let done: Promise<void>;
    try {
      done = step(ready);
    } catch (error) {
      failure = { error };
      return Promise.reject(error);
    }
    return done === DONE ? DONE : track(done);
  };
  function writeAll(records: readonly object[], ndjson?: string | Uint8Array): Promise<void> {
    if (ended) return Promise.reject(new Error('write after end'));
    return enqueue(async (w) => {
      const shaped = iso ? records.map(isoTimestamps) : records;
      if (w.writeAll) return w.writeAll(shaped, iso ? undefined : ndjson);
      for (const record of shaped) await w.write(record);
    });
  }
  return {
    write(record) {
      if (ended) return Promise.reject(new Error('write after end'));
      const shaped = shape(record);
      return now((w) => w.write(shaped));
    },
    writeAll,
    writePage(page) {
      if (!isLines(page)) return writeAll(page);
      if (ended) return Promise.reject(new Error('write after end'));
      // The lines as they came; for any other output, the records they are.
      return passThrough ? enqueue(async () => sink.write(page.lines)) : writeAll(recordsOf<object>(page));
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
