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
      // The record as an array's only element is the record nested one level: `[\n` + it + `\n]`. (Indenting
      // each line of its own text afterwards made the page's text twice, and a 500-record page of JSON lived
      // through a young-generation collection and was promoted.)
      const text = JSON.stringify([shaped(record, opts)], null, 2).slice(2, -2);
      await sink.write(count === 0 ? `[\n${text}` : `,\n${text}`);
      count++;
    },
    async end() {
      await sink.write(count === 0 ? '[]\n' : '\n]\n');
    },
  };
}
