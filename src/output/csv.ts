import { recordFields } from '../domain/index.js';
import type { Sink } from './sink.js';
import type { OutputOptions, RecordWriter } from './types.js';

type Stringify = typeof import('csv-stringify/sync')['stringify'];

/** A flat cell: nested objects and arrays as compact JSON, null and undefined empty. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** RFC 4180 CSV with a header row; columns are --fields or the schema's top-level fields, in order. */
export function createCsvWriter(sink: Sink, opts: OutputOptions): RecordWriter {
  const columns = opts.fields ?? recordFields(opts.kind);
  let stringify: Stringify | undefined;
  let headerDone = false;

  const line = async (cells: string[]): Promise<string> => {
    stringify ??= (await import('csv-stringify/sync')).stringify;
    return stringify([cells], { eof: true });
  };
  const header = async (): Promise<void> => {
    if (headerDone) return;
    headerDone = true;
    await sink.write(await line(columns));
  };

  return {
    async write(record) {
      await header();
      const source = record as Record<string, unknown>;
      await sink.write(await line(columns.map((c) => csvCell(source[c]))));
    },
    // An empty listing still prints its header, so a script reading the file sees the columns.
    end: header,
  };
}
