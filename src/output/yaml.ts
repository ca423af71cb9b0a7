import { shaped } from './json.js';
import type { Sink } from './sink.js';
import type { OutputOptions, RecordWriter } from './types.js';

type Stringify = typeof import('./yaml-stringify.js')['stringify'];

/** A YAML sequence of the records, one `- ` item written per record. */
export function createYamlWriter(sink: Sink, opts: OutputOptions): RecordWriter {
  let stringify: Stringify | undefined;
  let count = 0;
  return {
    async write(record) {
      stringify ??= (await import('./yaml-stringify.js')).stringify;
      // A one-item sequence is exactly the `- ` item this record contributes to the whole sequence.
      await sink.write(stringify([shaped(record, opts)], { lineWidth: 0, aliasDuplicateObjects: false }));
      count++;
    },
    async end() {
      if (count === 0) await sink.write('[]\n');
    },
  };
}
