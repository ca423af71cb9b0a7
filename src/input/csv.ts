import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { unquoteFormula } from '../domain/spreadsheet.js';
import { coerceCell } from './coerce.js';
import { LineIndex } from './lines.js';
import type { InputProblem } from './problems.js';
import type { RawRead, RawRecord } from './raw.js';
import { type FieldKind, fieldKinds } from './shape.js';
import { unknownFieldMessage } from './unknown.js';

// Errors after which the rest of the file cannot be trusted to be cut into the same records.
const FATAL = new Set([
  'CSV_QUOTE_NOT_CLOSED',
  'CSV_INVALID_CLOSING_QUOTE',
  'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE',
]);

export interface CsvOptions {
  /** Other names a column may have (a command's flag names): `{ ip: 'ipAdress' }`. */
  aliases?: Record<string, string>;
  /** Drop columns the record does not have, instead of reporting them. */
  ignoreUnknown?: boolean;
}

/**
 * RFC 4180 CSV whose header row names the record fields (or their aliases). Cells are coerced by the
 * schema's field types, after the one `'` ccp's CSV writers put before a formula character is dropped; an
 * empty cell leaves its field absent. Records are flat: a column naming a nested field is a problem, and
 * so is a column the record does not have (reported once, on the header line).
 */
export function readCsv(buf: Buffer, schema: z.core.$ZodType, opts: CsvOptions = {}): RawRead {
  const lines = new LineIndex(buf);
  const kinds = fieldKinds(schema);
  const problems: InputProblem[] = [];
  const records: RawRecord[] = [];
  // The field of each column (undefined for one left out) and its kind, known once the header row is read:
  // each later row becomes its record as it is parsed, so no row of cells outlives its own callback.
  let columns: (string | undefined)[] | undefined;
  let columnKinds: (FieldKind | undefined)[] = [];
  // Each record (or skipped bad row) ends at a byte offset; the next starts after it, past blank lines.
  let end = 0;
  let broken = false;
  let lastRefused: unknown;
  const startLine = () => {
    let i = end;
    while (i < buf.length && (buf[i] === 0x0a || buf[i] === 0x0d)) i++;
    return lines.lineAt(i);
  };
  try {
    parse(buf, {
      bom: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_record: (cells: string[], context) => {
        if (!broken) {
          const line = startLine();
          if (columns) records.push({ line, value: rowValue(cells, columns, columnKinds) });
          else {
            columns = headerColumns(line, cells, kinds, opts, problems);
            columnKinds = columns.map((name) => (name ? kinds.get(name) : undefined));
          }
        }
        end = context.bytes;
        return null;
      },
      on_skip: (err) => {
        if (broken || !err) return;
        // csv-parse may refuse one row twice (a quote inside a bare cell): one problem a row.
        if (err.lines !== lastRefused) {
          problems.push({ line: startLine(), path: '', message: `not valid CSV: ${err.message}` });
        }
        lastRefused = err.lines;
        if (err.code && FATAL.has(err.code)) broken = true;
        // The refused row ends no earlier than the line it was refused on (an opening quote's error gives
        // where the row began).
        else if (typeof err.bytes === 'number')
          end = Math.max(err.bytes, typeof err.lines === 'number' ? lines.endOf(err.lines, buf.length) : 0);
      },
    });
  } catch (err) {
    problems.push({ line: startLine(), path: '', message: `not valid CSV: ${(err as Error).message}` });
  }
  return { records, problems, fieldsChecked: true };
}

/** The field each header cell names (undefined for a column the record does not have), with its problems. */
function headerColumns(
  line: number,
  cells: string[],
  kinds: Map<string, FieldKind>,
  opts: CsvOptions,
  problems: InputProblem[],
): (string | undefined)[] {
  const aliases = opts.aliases ?? {};
  const known = [...kinds.keys(), ...Object.keys(aliases)];
  const columns: (string | undefined)[] = cells.map((cell) => {
    const name = cell.trim();
    return Object.hasOwn(aliases, name) ? aliases[name] : name;
  });
  columns.forEach((name, k) => {
    if (name === '') problems.push({ line, path: '', message: `column ${k + 1} has no name` });
    else if (kinds.size > 0 && !kinds.has(name!)) {
      if (!opts.ignoreUnknown)
        problems.push({ line, path: name!, message: unknownFieldMessage('column', name!, known) });
      columns[k] = undefined;
    } else if (kinds.get(name!) === 'nested')
      problems.push({
        line,
        path: name!,
        message: 'a nested field cannot be given in CSV; use JSON or NDJSON for it',
      });
  });
  return columns;
}

/** A row's record: each named column's cell coerced to its field's kind; an empty cell leaves it out. */
function rowValue(
  cells: string[],
  columns: (string | undefined)[],
  kinds: (FieldKind | undefined)[],
): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (let k = 0; k < cells.length; k++) {
    const name = columns[k];
    const cell = cells[k]!;
    // A spreadsheet-safe export (`'=SUM(1)`) reads back as the value it was written from.
    if (name && cell !== '') value[name] = coerceCell(unquoteFormula(cell), kinds[k]);
  }
  return value;
}
