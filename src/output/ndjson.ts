import { shaped } from './json.js';
import { DONE, type Sink } from './sink.js';
import type { OutputOptions, RecordWriter } from './types.js';

/** One compact JSON object per line. */
export function createNdjsonWriter(sink: Sink, opts: OutputOptions): RecordWriter {
  return {
    // Not async: the sink's DONE comes back as is when nothing had to wait (see createRecordWriter).
    write(record) {
      return sink.write(`${JSON.stringify(shaped(record, opts))}\n`);
    },
    async writeAll(records, ndjson) {
      // Whole records, as the caller (or the service) wrote them already: the same text, not stringified again.
      if (ndjson !== undefined && !opts.fields) return sink.write(ndjson);
      // A line at a time into the sink, which hands over its buffer at once: a page's text as one large
      // string lands in V8's large-object space, which V8 makes far more slowly than small strings.
      for (const record of records) {
        const wrote = sink.write(`${JSON.stringify(shaped(record, opts))}\n`);
        if (wrote !== DONE) await wrote;
      }
    },
    async end() {},
  };
}
