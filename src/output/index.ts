import { createCsvWriter } from './csv.js';
import { createJsonWriter } from './json.js';
import { createNameWriter } from './name.js';
import { createNdjsonWriter } from './ndjson.js';
import { createQueryWriter } from './query.js';
import { Sink } from './sink.js';
import { createTableWriter } from './table.js';
import type { OutputFormat, OutputOptions, RecordWriter } from './types.js';
import { createYamlWriter } from './yaml.js';

export { checkPath, FieldsError, resolveFields } from './fields.js';
export { leafValues, valuesAt } from './paths.js';
export { checkQuery, QueryError } from './query.js';
export { relativeTime } from './relative-time.js';
export type { Column, OutputFormat, OutputOptions, RecordWriter, View } from './types.js';
export { OUTPUT_FORMATS } from './types.js';
export { flatView, treeView, viewOf } from './views.js';

// Each format module loads its own libraries on first use, so `-o ndjson` never loads the table stack.
const FORMATS: Record<OutputFormat, (sink: Sink, opts: OutputOptions) => RecordWriter> = {
  json: createJsonWriter,
  ndjson: createNdjsonWriter,
  csv: createCsvWriter,
  yaml: createYamlWriter,
  table: createTableWriter,
  name: createNameWriter,
};

/**
 * Writes records to `out` in the chosen format. Calls are queued, so records keep their order even when a
 * caller does not await each write; `end()` finishes the format but leaves `out` open.
 */
export function createRecordWriter(out: NodeJS.WritableStream, opts: OutputOptions): Required<RecordWriter> {
  const format = FORMATS[opts.format];
  if (!format) throw new TypeError(`unknown output format: ${String(opts.format)}`);
  const sink = new Sink(out);
  const inner = opts.query ? createQueryWriter(sink, { ...opts, query: opts.query }) : format(sink, opts);
  let tail: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | undefined;
  let ended = false;
  // After a failed write (a closed pipe, say) every later call fails with the same error.
  const enqueue = (step: () => Promise<void>): Promise<void> => {
    const next = tail.then(() => {
      if (failure) throw failure.error;
      return step();
    });
    tail = next.catch((error: unknown) => {
      failure ??= { error };
    });
    return next;
  };
  return {
    write(record) {
      if (ended) return Promise.reject(new Error('write after end'));
      return enqueue(() => inner.write(record));
    },
    writeAll(records) {
      if (ended) return Promise.reject(new Error('write after end'));
      return enqueue(async () => {
        if (inner.writeAll) return inner.writeAll(records);
        for (const record of records) await inner.write(record);
      });
    },
    end() {
      if (ended) return tail;
      ended = true;
      return enqueue(() => inner.end());
    },
  };
}
