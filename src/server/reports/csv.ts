import { stringify } from 'csv-stringify/sync';
import { quoteFormulaGap } from '../../domain/spreadsheet.js';
import { isoFromWire } from '../../domain/timestamp.js';
import { cellText, cellValue, type ReportData } from './report-data.js';

/**
 * RFC 4180: CRLF between records, and a field quoted when it holds a comma, a quote, CR or LF. Cells are
 * turned into text here rather than by csv-stringify's casts so csv and pdf show a value the same way; a
 * number stays a number, so the formula quote given to text a spreadsheet would run never touches it.
 * A timestamp is written in ISO 8601 (the wire's `*` before the milliseconds is a form no spreadsheet
 * reads), in the zone the report was asked in; json keeps the wire form, as the interface's own records do.
 */
export function renderCsv(data: ReportData): Buffer {
  const rows: (string | number)[][] = [data.columns.map((c) => c.header)];
  for (const record of data.records) {
    rows.push(
      data.columns.map((c) => {
        const value = cellValue(record, c.key);
        if (typeof value === 'number') return value;
        return (typeof value === 'string' && isoFromWire(value)) || cellText(value);
      }),
    );
  }
  const text = stringify(rows, {
    record_delimiter: 'windows',
    // Setting record_delimiter turns this off by default; a lone LF or CR in a field must still be quoted.
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { string: quoteFormulaGap },
  });
  return Buffer.from(text, 'utf8');
}
