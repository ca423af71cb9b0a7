import { project } from './paths.js';
import type { Sink } from './sink.js';
import type { OutputOptions, RecordWriter } from './types.js';

/** The record as printed: cut down to --fields (dot paths keep their nesting), else whole. */
export function shaped(record: object, opts: OutputOptions): object {
  return opts.fields ? project(record, opts.fields) : record;
}

/**
 * A JSON array, 2-space indented, written record by record: the same text JSON.stringify(records, null, 2)
 * gives, without ever holding the records.
 */
export function createJsonWriter(sink: Sink, opts: OutputOptions): RecordWriter {
  let count = 0;
  return {
    async write(record) {
      // JSON text has no raw newlines inside strings, so indenting every line nests the record one level.
      const text = `  ${JSON.stringify(shaped(record, opts), null, 2).replaceAll('\n', '\n  ')}`;
      await sink.write(count === 0 ? `[\n${text}` : `,\n${text}`);
      count++;
    },
    async end() {
      await sink.write(count === 0 ? '[]\n' : '\n]\n');
    },
  };
}
