import type { Sink } from './sink.js';
import { terminalText } from './terminal-text.js';
import type { OutputOptions, RecordWriter } from './types.js';
import { viewOf } from './views.js';

/** `-o name`: the identifying field alone (a uuid), one a line, for `xargs`. */
export function createNameWriter(sink: Sink, opts: OutputOptions): RecordWriter {
  const field = (opts.view ?? viewOf(opts.kind!)).name;
  return {
    async write(record) {
      const value = (record as Record<string, unknown>)[field];
      if (value === null || value === undefined) return;
      // On a terminal a line break of the value shows as `\n`, so one line is one name.
      await sink.write(`${opts.isTTY ? terminalText(String(value)) : String(value)}\n`);
    },
    async end() {},
  };
}
