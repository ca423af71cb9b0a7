import type { ChalkInstance } from 'chalk';
import type CliTable3 from 'cli-table3';
import { headers, tableCell } from './cells.js';
import { padEnd, textWidth, truncate, wrapWords } from './fit.js';
import { type ColumnFit, layoutColumns } from './layout.js';
import type { Sink } from './sink.js';
import { terminalText } from './terminal-text.js';
import type { Column, OutputOptions, RecordWriter, View } from './types.js';
import { EARLY_PRIORITY, viewOf } from './views.js';

/** Rows held before a table is printed and a new one started, so a long listing keeps memory flat. */
export const TABLE_BATCH = 1000;

interface Stack {
  Table: typeof CliTable3;
  chalk: ChalkInstance | undefined;
}

interface TableColumn extends Column, ColumnFit {
  header: string;
}

/**
 * The table's columns: the view's defaults with their priorities, else --fields as given, where what
 * identifies a record is never cut nor dropped and the others are cut, then go from the right, when they
 * cannot fit.
 */
export function tableColumns(view: View, fields?: readonly string[]): TableColumn[] {
  const identity = new Set(view.table.filter((t) => t.priority === 0 && !t.cut).map((t) => t.path));
  const named = new Set(view.table.filter((t) => t.priority === 0 && t.cut).map((t) => t.path));
  const chosen = fields
    ? fields.flatMap((f, i) =>
        view.columnsAt(f, false).map((c) => {
          const whole = identity.has(c.path) || c.type === 'id';
          // Timestamps go before the other columns chosen, as in the default columns.
          const later = c.type === 'timestamp' || c.type === 'date' ? 200 : 100;
          const priority = whole || named.has(c.path) ? 0 : later + i;
          return { ...c, priority, whole, cut: !whole, early: later === 200 };
        }),
      )
    : view.table.flatMap((t) =>
        view.columnsAt(t.path, false).map((c) => ({
          ...c,
          priority: t.priority,
          whole: c.type === 'id' || identity.has(t.path),
          cut: t.cut === true,
          early: t.priority >= EARLY_PRIORITY,
        })),
      );
  // A path chosen with --fields may name a key of an open object, which is the service's text.
  const names = headers(chosen.map((c) => c.path)).map((h) => terminalText(h));
  return chosen.map((c, i) => ({ ...c, header: names[i]! }));
}

/** cli-table3 tables of the view's default columns (or --fields), fitted to the terminal width. */
export function createTableWriter(sink: Sink, opts: OutputOptions): RecordWriter {
  const view = opts.view ?? viewOf(opts.kind!);
  const columns = tableColumns(view, opts.fields);
  const timeZone = opts.timeZone ?? 'UTC';
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
    const { kept, widths, dropped, cut } = layoutColumns(columns, natural, opts.width);
    if (dropped.length > 0 || cut.length > 0) noteFit(dropped, cut);
    const shown = kept.map((i) => columns[i]!);
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

  /** Says once what was left out or cut, in lines that fit the terminal too. */
  const noteFit = (dropped: number[], cut: number[]) => {
    const list = (at: number[]) => at.map((i) => columns[i]!.header).join(', ');
    const key = `${list(dropped)}/${list(cut)}`;
    if (noted.has(key)) return;
    noted.add(key);
    const how = opts.fields
      ? 'a wider terminal or fewer --fields shows them'
      : dropped.length > 0
        ? 'choose columns with --fields'
        : '-o yaml shows them whole';
    const what =
      dropped.length > 0
        ? `Left out to fit ${opts.width} columns: ${list(dropped)}${cut.length > 0 ? `; cut: ${list(cut)}` : ''}`
        : `Cut to fit ${opts.width} columns: ${list(cut)}`;
    opts.note?.(wrapWords(`${what} (${how})`, opts.width));
  };

  return {
    async write(record) {
      rows.push(columns.map((c) => tableCell(record, c, timeZone)));
      if (rows.length >= TABLE_BATCH) await flush();
    },
    end: flush,
  };
}
