import type { ChalkInstance } from 'chalk';
import type CliTable3 from 'cli-table3';
import { parseTimestamp } from '../domain/index.js';
import { countLabel, TABLE_COLUMNS, timestampFields } from './columns.js';
import { fitWidths, padEnd, textWidth, truncate } from './fit.js';
import { relativeTime } from './relative-time.js';
import type { Sink } from './sink.js';
import type { OutputOptions, RecordWriter } from './types.js';

/** Rows held before a table is printed and a new one started, so a long listing keeps memory flat. */
export const TABLE_BATCH = 1000;

interface CellContext {
  timestamps: Set<string>;
  relative: boolean;
  now: number;
}

/** The text a table cell shows for one field: yes/no, counts for arrays, relative times on a terminal. */
export function tableCell(field: string, value: unknown, ctx: CellContext): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return countLabel(field, value.length);
  if (typeof value === 'object') return oneLine(JSON.stringify(value));
  if (typeof value === 'string') {
    if (ctx.relative && ctx.timestamps.has(field)) {
      const ms = parseTimestamp(value);
      if (ms !== undefined) return relativeTime(ms, ctx.now);
    }
    return oneLine(value);
  }
  return String(value);
}

// A line break or tab inside a cell would break the table's grid, and an escape sequence sent by the service
// must not reach the terminal.
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  return text.replace(/[\r\n\t\u0000-\u001f\u007f]+/g, ' ');
}

interface Stack {
  Table: typeof CliTable3;
  chalk: ChalkInstance | undefined;
}

/** cli-table3 tables of the kind's default columns (or --fields), fitted to the terminal width. */
export function createTableWriter(sink: Sink, opts: OutputOptions): RecordWriter {
  const columns = opts.fields ?? [...TABLE_COLUMNS[opts.kind]];
  const timestamps = timestampFields(opts.kind);
  let rows: string[][] = [];
  let stack: Stack | undefined;

  const load = async (): Promise<Stack> => {
    if (!stack) {
      const Table = (await import('cli-table3')).default;
      const chalk = opts.color ? new (await import('chalk')).Chalk({ level: 1 }) : undefined;
      stack = { Table, chalk };
    }
    return stack;
  };

  const flush = async (): Promise<void> => {
    if (rows.length === 0) return;
    const batch = rows;
    rows = [];
    const { Table, chalk } = await load();
    const natural = columns.map((c, i) => Math.max(textWidth(c), ...batch.map((r) => textWidth(r[i]!))));
    const widths = fitWidths(natural, opts.width, columns.map(isIdentifier));
    const head = columns.map((c, i) => {
      const text = truncate(c, widths[i]!);
      return chalk ? chalk.bold(text) : text;
    });
    const cells = batch.map((row) => row.map((cell, i) => truncate(cell, widths[i]!)));
    // compact: one rule under the header and none between rows, so a listing reads line by line.
    const table = new Table({
      head,
      colWidths: widths.map((w) => w + 2),
      wordWrap: false,
      truncate: '…',
      style: { head: [], border: [], compact: true },
    });
    table.push(cells[0]!);
    // cli-table3 lays out every cell against every other (about 0.3 ms a row at 1,000 rows), so it draws
    // the frame, the header and the first row, and the other rows are drawn here to the same widths.
    const framed = table.toString().split('\n');
    const bottom = framed.pop()!;
    const body = cells
      .slice(1)
      .map((row) => `│ ${row.map((cell, i) => padEnd(cell, widths[i]!)).join(' │ ')} │`);
    await sink.write(`${[...framed, ...body, bottom].join('\n')}\n`);
  };

  return {
    async write(record) {
      const source = record as Record<string, unknown>;
      const ctx: CellContext = { timestamps, relative: opts.isTTY, now: opts.now() };
      rows.push(columns.map((c) => tableCell(c, source[c], ctx)));
      if (rows.length >= TABLE_BATCH) await flush();
    },
    end: flush,
  };
}

/** uuid, orgUUID, notificationUuid...: values a user copies whole into the next command. */
function isIdentifier(field: string): boolean {
  return field === 'uuid' || /(Uuid|UUID)$/.test(field);
}
