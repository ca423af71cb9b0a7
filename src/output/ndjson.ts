import { shaped } from './json.js';
import type { Sink } from './sink.js';
import type { OutputOptions, RecordWriter } from './types.js';

/** One compact JSON object per line. */
export function createNdjsonWriter(sink: Sink, opts: OutputOptions): RecordWriter {
  return {
    // Not async: the sink's DONE comes back as is when nothing had to wait (see createRecordWriter).
    write(record) {
      return sink.write(`${JSON.stringify(shaped(record, opts))}\n`);
    },
    async writeAll(records, ndjson) {
      // Whole records, as the caller wrote them already: the same text, not stringified again.
      if (ndjson !== undefined && !opts.fields) return sink.write(ndjson);
      let text = '';
      for (const record of records) text += `${JSON.stringify(shaped(record, opts))}\n`;
      await sink.write(text);
    },
    async end() {},
  };
}
