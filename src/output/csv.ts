import { quoteFormulaGap } from '../domain/spreadsheet.js';
import { csvCell } from './cells.js';
import type { Sink } from './sink.js';
import type { OutputOptions, RecordWriter } from './types.js';
import { viewOf } from './views.js';

type Stringify = typeof import('csv-stringify/sync')['stringify'];

/**
 * RFC 4180 CSV with a header row of dot paths: nested objects and lists open into one column per leaf field
 * (`licenseDetails.remainingDays`, `edgeFlows.flowId`, a list's values joined with `;`), never JSON blobs.
 * A text cell a spreadsheet would run as a formula starts with `'` (domain/spreadsheet.ts) unless `csvRaw`.
 */
export function createCsvWriter(sink: Sink, opts: OutputOptions): RecordWriter {
  const view = opts.view ?? viewOf(opts.kind!);
  const columns = (opts.fields ? opts.fields.flatMap((f) => view.columnsAt(f, true)) : view.columns).map(
    (c) => c.path,
  );
  let stringify: Stringify | undefined;
  let headerDone = opts.noHeaders === true;

  const safe = opts.csvRaw ? {} : { escape_formulas: true, cast: { string: quoteFormulaGap } };
  const line = async (cells: (string | number)[]): Promise<string> => {
    stringify ??= (await import('csv-stringify/sync')).stringify;
    return stringify([cells], { eof: true, ...safe });
  };
  const header = async (): Promise<void> => {
    if (headerDone) return;
    headerDone = true;
    await sink.write(await line(columns));
  };

  return {
    async write(record) {
      await header();
      await sink.write(await line(columns.map((c) => csvCell(record, c))));
    },
    // An empty listing still prints its header, so a script reading the file sees the columns.
    end: header,
  };
}
