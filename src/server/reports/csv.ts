import { stringify } from 'csv-stringify/sync';
import { cellText, cellValue, type ReportData } from './report-data.js';

/**
 * RFC 4180: CRLF between records, and a field quoted when it holds a comma, a quote, CR or LF. Cells are
 * turned into text here rather than by csv-stringify's casts so csv and pdf show a value the same way.
 */
export function renderCsv(data: ReportData): Buffer {
  const rows: string[][] = [data.columns.map((c) => c.header)];
  for (const record of data.records) {
    rows.push(data.columns.map((c) => cellText(cellValue(record, c.key))));
  }
  const text = stringify(rows, {
    record_delimiter: 'windows',
    // Setting record_delimiter turns this off by default; a lone LF or CR in a field must still be quoted.
    quote_record_delimiter: true,
  });
  return Buffer.from(text, 'utf8');
}
