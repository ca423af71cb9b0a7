import type { Sink } from './sink.js';
import type { OutputOptions, RecordWriter } from './types.js';
import { viewOf } from './views.js';

/** `-o name`: the identifying field alone (a uuid), one a line, for `xargs`. */
export function createNameWriter(sink: Sink, opts: OutputOptions): RecordWriter {
  const field = (opts.view ?? viewOf(opts.kind!)).name;
  return {
    async write(record) {
      const value = (record as Record<string, unknown>)[field];
      if (value !== null && value !== undefined) await sink.write(`${String(value)}\n`);
    },
    async end() {},
  };
}
