import type { ChalkInstance } from 'chalk';
import type CliTable3 from 'cli-table3';
import { headers, tableCell } from './cells.js';
import { fitWidths, padEnd, tableOverhead, textWidth, truncate } from './fit.js';
import type { Sink } from './sink.js';
import { terminalText } from './terminal-text.js';
import type { Column, OutputOptions, RecordWriter, View } from './types.js';
import { viewOf } from './views.js';

/** Rows held before a table is printed and a new one started, so a long listing keeps memory flat. */
export const TABLE_BATCH = 1000;

interface Stack {
  Table: typeof CliTable3;
  chalk: ChalkInstance | undefined;
}

interface TableColumn extends Column {
  header: string;
  /** 0: never dropped; on a narrow terminal the highest goes first. */
  priority: number;
  /** Chosen with --fields: shortened before it is dropped (down to FIELD_FLOOR columns). */
  shortened?: boolean;
}

/** The narrowest a chosen (--fields) column is cut to before it is dropped instead. */
export const FIELD_FLOOR = 8;

/**
 * The table's columns: the view's defaults with their priorities, else --fields as given, where what
 * identifies a record is never dropped and the others go from the right when even shortened they cannot fit.
 */
export function tableColumns(view: View, fields?: readonly string[]): TableColumn[] {
  const identity = new Set(view.table.filter((t) => t.priority === 0).map((t) => t.path));
  const chosen = fields
    ? fields.flatMap((f, i) =>
        view.columnsAt(f, false).map((c) => {
          const kept = identity.has(c.path) || c.type === 'id';
          return { ...c, priority: kept ? 0 : 100 + i, shortened: !kept };
        }),
      )
    : view.table.flatMap((t) => view.columnsAt(t.path, false).map((c) => ({ ...c, priority: t.priority })));
  // A path chosen with --fields may name a key of an open object, which is the service's text.
  const names = headers(chosen.map((c) => c.path)).map((h) => terminalText(h));
  return chosen.map((c, i) => ({ ...c, header: names[i]! }));
}

/**
 * The columns that fit `width`: while the natural widths (a --fields column's shortened one) overflow, the
 * column of highest priority (the rightmost among equals) is dropped; priority 0 never is. Returns the
 * indexes kept.
 */
export function keepColumns(
  columns: readonly TableColumn[],
  natural: readonly number[],
  width: number,
): number[] {
  const kept = columns.map((_, i) => i);
  if (!Number.isFinite(width) || width <= 0) return kept;
  const least = (i: number) => (columns[i]!.shortened ? Math.min(natural[i]!, FIELD_FLOOR) : natural[i]!);
  const total = () => kept.reduce((sum, i) => sum + least(i), 0) + tableOverhead(kept.length);
  while (total() > width) {
    let drop = -1;
    for (const [at, i] of kept.entries()) {
      const p = columns[i]!.priority;
      if (p > 0 && (drop < 0 || p >= columns[kept[drop]!]!.priority)) drop = at;
    }
    if (drop < 0) break;
    kept.splice(drop, 1);
  }
  return kept;
}

/** cli-table3 tables of the view's default columns (or --fields), fitted to the terminal width. */
export function createTableWriter(sink: Sink, opts: OutputOptions): RecordWriter {
  const view = opts.view ?? viewOf(opts.kind!);
  const columns = tableColumns(view, opts.fields);
  const timeZone = opts.timeZone ?? 'UTC';
  // What identifies a record (its priority-0 columns) is never cut, even when chosen with --fields.
  const names = new Set(view.table.filter((t) => t.priority === 0).map((t) => t.path));
  const noted = new Set<string>();
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
    const natural = columns.map((c, i) =>
      Math.max(opts.noHeaders ? 1 : textWidth(c.header), ...batch.map((r) => textWidth(r[i]!))),
    );
    const kept = keepColumns(columns, natural, opts.width);
    if (kept.length < columns.length) noteDropped(columns.filter((_, i) => !kept.includes(i)));
    const shown = kept.map((i) => columns[i]!);
    const keep = shown.map((c) => c.type === 'id' || names.has(c.path));
    const widths = fitWidths(
      kept.map((i) => natural[i]!),
      opts.width,
      keep,
    );
    const head = opts.noHeaders
      ? []
      : shown.map((c, i) => {
          const text = truncate(c.header, widths[i]!);
          return chalk ? chalk.bold(text) : text;
        });
    const cells = batch.map((row) => kept.map((k, i) => truncate(row[k]!, widths[i]!)));
    // compact: one rule under the header and none between rows, so a listing reads line by line.
    const table = new Table({
      head,
      colWidths: widths.map((w) => w + 2),
      wordWrap: false,
      truncate: '…',
      style: { head: [], border: [], compact: true },
    });
    table.push(cells[0]!);
    // cli-table3 lays out every cell against every other (a cost that grows with the rows), so it draws
    // the frame, the header and the first row, and the other rows are drawn here to the same widths.
    const framed = table.toString().split('\n');
    const bottom = framed.pop()!;
    const body = cells
      .slice(1)
      .map((row) => `│ ${row.map((cell, i) => padEnd(cell, widths[i]!)).join(' │ ')} │`);
    await sink.write(`${[...framed, ...body, bottom].join('\n')}\n`);
  };

  const noteDropped = (dropped: TableColumn[]) => {
    const names = dropped.map((c) => c.header).join(', ');
    if (noted.has(names)) return;
    noted.add(names);
    const how = opts.fields
      ? 'a wider terminal or fewer --fields shows them'
      : 'choose columns with --fields';
    opts.note?.(`Left out to fit ${opts.width} columns: ${names} (${how})`);
  };

  return {
    async write(record) {
      rows.push(columns.map((c) => tableCell(record, c, timeZone)));
      if (rows.length >= TABLE_BATCH) await flush();
    },
    end: flush,
  };
}
