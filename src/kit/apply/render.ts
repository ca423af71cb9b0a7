// How a plan is shown: one JSON document for scripts, a table for people. Passwords never appear.
import { terminalText } from '../../output/terminal-text.js';
import { type Change, MASK, redactReferences } from './diff.js';

/** One planned change of any resource, as a table row: what happens to which record. */
export interface PlanRow {
  action: 'create' | 'update' | 'disable' | 'set';
  /** The record's key (serial number, option key). */
  key: string;
  /** The stored record's uuid; empty for a create. */
  uuid: string;
  changes?: Record<string, Change>;
  /** A short description of a create or disable (a device name). */
  note?: string;
}

export interface PlanCounts {
  create: number;
  update: number;
  unchanged: number;
  disable: number;
}

/** `Plan for edge devices: 2 to create, 1 to update, 7 unchanged, 0 to disable.` */
export function countsText(c: PlanCounts, noun: string): string {
  return `Plan for ${noun}: ${c.create} to create, ${c.update} to update, ${c.unchanged} unchanged, ${c.disable} to disable.`;
}

/** A record as a plan shows it: without server timestamps, every password masked. */
export function redactRecord<T extends object>(record: T): T {
  const out = { ...record } as Record<string, unknown>;
  delete out.createdOn;
  delete out.modifiedOn;
  if (Array.isArray(out.externalReferences))
    out.externalReferences = redactReferences(out.externalReferences as never);
  return out as T;
}

// Every cell, keys and field names too, is the file's or the service's text: escaped, so a control shows
// instead of acting and a line break cannot break the grid.
function cell(value: unknown): string {
  if (value === undefined || value === null) return '-';
  return terminalText(typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * The plan as a table fitted to `width`: one row per changed field, one per create or disable. Uuids are
 * never cut; long values are.
 */
export async function planTable(rows: readonly PlanRow[], width: number, keyHeader: string): Promise<string> {
  if (rows.length === 0) return '';
  const [{ default: Table }, fit] = await Promise.all([import('cli-table3'), import('../../output/fit.js')]);
  const head = ['Action', keyHeader, 'UUID', 'Field', 'From', 'To'];
  const cells: string[][] = [];
  for (const r of rows) {
    const entries = Object.entries(r.changes ?? {});
    const key = cell(r.key);
    const uuid = r.uuid ? cell(r.uuid) : '(new)';
    if (entries.length === 0) cells.push([r.action, key, uuid, '', '', cell(r.note ?? '')]);
    entries.forEach(([field, c], k) => {
      const lead = k === 0 ? [r.action, key, uuid] : ['', '', ''];
      cells.push([...lead, cell(field), cell(c.from), cell(c.to)]);
    });
  }
  // Action, key and uuid stay whole; on a narrow terminal the uuid column goes first (the key names the
  // record too), then field and values are cut.
  const natural = head.map((h, i) =>
    Math.max(fit.textWidth(h), ...cells.map((row) => fit.textWidth(row[i]!))),
  );
  const fits = (cols: number[]) =>
    width - fit.tableOverhead(cols.length) - cols.slice(0, -3).reduce((n, i) => n + natural[i]!, 0) >= 3 * 12;
  // Without a stored record among the rows (all creates, or options), a uuid column would say nothing.
  const all = [0, 1, 2, 3, 4, 5];
  const withUuid = rows.some((r) => r.uuid !== '');
  const cols = withUuid && (fits(all) || !Number.isFinite(width) || width <= 0) ? all : [0, 1, 3, 4, 5];
  const widths = fit.fitWidths(
    cols.map((i) => natural[i]!),
    width,
    cols.map((i) => i <= 2),
  );
  const table = new Table({
    head: cols.map((i, k) => fit.truncate(head[i]!, widths[k]!)),
    colWidths: widths.map((w) => w + 2),
    wordWrap: false,
    style: { head: [], border: [], compact: true },
  });
  for (const row of cells) table.push(cols.map((i, k) => fit.truncate(row[i]!, widths[k]!)));
  return `${table.toString()}\n`;
}

export { MASK };
