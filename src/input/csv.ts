import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { coerceCell } from './coerce.js';
import { LineIndex } from './lines.js';
import type { InputProblem } from './problems.js';
import type { RawRead } from './raw.js';
import { fieldKinds } from './shape.js';
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
 * schema's field types; an empty cell leaves its field absent. Records are flat: a column naming a nested
 * field is a problem, and so is a column the record does not have (reported once, on the header line).
 */
export function readCsv(buf: Buffer, schema: z.core.$ZodType, opts: CsvOptions = {}): RawRead {
  const lines = new LineIndex(buf);
  const kinds = fieldKinds(schema);
  const problems: InputProblem[] = [];
  // Each record (or skipped bad row) ends at a byte offset; the next starts after it, past blank lines.
  const rows: { line: number; cells: string[] }[] = [];
  let end = 0;
  let broken = false;
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
      on_record: (record: string[], context) => {
        if (!broken) rows.push({ line: startLine(), cells: record });
        end = context.bytes;
        return null;
      },
      on_skip: (err) => {
        if (broken || !err) return;
        problems.push({ line: startLine(), path: '', message: `not valid CSV: ${err.message}` });
        if (err.code && FATAL.has(err.code)) broken = true;
        else if (typeof err.bytes === 'number') end = err.bytes;
      },
    });
  } catch (err) {
    problems.push({ line: startLine(), path: '', message: `not valid CSV: ${(err as Error).message}` });
  }
  const header = rows.shift();
  if (!header) return { records: [], problems };

  const aliases = opts.aliases ?? {};
  const known = [...kinds.keys(), ...Object.keys(aliases)];
  const columns: (string | undefined)[] = header.cells.map((cell) => {
    const name = cell.trim();
    return Object.hasOwn(aliases, name) ? aliases[name] : name;
  });
  columns.forEach((name, k) => {
    if (name === '') problems.push({ line: header.line, path: '', message: `column ${k + 1} has no name` });
    else if (kinds.size > 0 && !kinds.has(name!)) {
      if (!opts.ignoreUnknown)
        problems.push({
          line: header.line,
          path: name!,
          message: unknownFieldMessage('column', name!, known),
        });
      columns[k] = undefined;
    } else if (kinds.get(name!) === 'nested')
      problems.push({
        line: header.line,
        path: name!,
        message: 'a nested field cannot be given in CSV; use JSON or NDJSON for it',
      });
  });

  const records = rows.map(({ line, cells }) => {
    const value: Record<string, unknown> = {};
    cells.forEach((cell, k) => {
      const name = columns[k];
      if (!name || cell === '') return;
      value[name] = coerceCell(cell, kinds.get(name));
    });
    return { line, value };
  });
  return { records, problems, fieldsChecked: true };
}
