import { pickFields } from './fields.js';
import type { Sink } from './sink.js';
import type { OutputOptions, RecordWriter } from './types.js';

/** One compact JSON object per line. */
export function createNdjsonWriter(sink: Sink, opts: OutputOptions): RecordWriter {
  return {
    async write(record) {
      const value = opts.fields ? pickFields(record, opts.fields) : record;
      await sink.write(`${JSON.stringify(value)}\n`);
    },
    async end() {},
  };
}
