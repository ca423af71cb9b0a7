import type { ChalkInstance } from 'chalk';
import type CliTable3 from 'cli-table3';
import { parseTimestamp } from '../domain/index.js';
import { countLabel, TABLE_COLUMNS, timestampFields } from './columns.js';
import { fitWidths, textWidth, truncate } from './fit.js';
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

// A line break or tab inside a cell would break the table's grid.
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  return text.replace(/[\r\n\t\u0000-\u001f\u007f]+/g, ' ');
}

// cli-table3 draws the same rule under the header and between rows; keeping only the first makes a listing
// read as lines, and a 1,000-row table stays 1,000 lines high. Cells are one line each, so rows are lines.
function withoutRowRules(rendered: string): string {
  const lines = rendered.split('\n');
  return lines.filter((line, i) => i <= 2 || !line.startsWith('├')).join('\n');
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
    const widths = fitWidths(natural, opts.width);
    const head = columns.map((c, i) => {
      const text = truncate(c, widths[i]!);
      return chalk ? chalk.bold(text) : text;
    });
    const table = new Table({
      head,
      colWidths: widths.map((w) => w + 2),
      wordWrap: false,
      truncate: '…',
      style: { head: [], border: [] },
    });
    for (const row of batch) table.push(row.map((cell, i) => truncate(cell, widths[i]!)));
    await sink.write(`${withoutRowRules(table.toString())}\n`);
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
