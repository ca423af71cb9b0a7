import type { RecordKind } from '../domain/index.js';
import type { RecordPage } from '../domain/record-lines.js';
import type { OutputFormat } from './formats.js';

export type { OutputFormat } from './formats.js';
export { OUTPUT_FORMATS } from './formats.js';

/** How a table shows a value: timestamps and dates in the chosen zone, identifiers never cut. */
export type ColumnType = 'text' | 'timestamp' | 'date' | 'id';

/** One column a table or csv can show: a dot path into the record. */
export interface Column {
  path: string;
  type: ColumnType;
}

/**
 * What the output layer knows of the records it prints: their columns, not their resource. Record kinds
 * build theirs from the domain schema (views.ts); `config list` and any other view give their own.
 */
export interface View {
  /** Every flat column, in order: csv's columns when no --fields are given. */
  columns: Column[];
  /**
   * A table's default columns, in order, each with its priority: 0 never dropped, higher dropped first;
   * `cut`: free text, cut with `…` on a narrow terminal rather than widening the line.
   */
  table: { path: string; priority: number; cut?: boolean }[];
  /** Whether --fields and --where may name `path` (a dot path, maybe into arrays or open objects). */
  hasPath(path: string): boolean;
  /** The flat columns a chosen path shows as: itself for a value, its leaves for an object (and a list when `openLists`). */
  columnsAt(path: string, openLists: boolean): Column[];
  /** The field `-o name` prints, one a line. */
  name: string;
  /** Plural noun for notes ("edge devices"). */
  noun?: string;
  /** Names people type for a field (the `add` and `update` flags' names: serial, ip, name), by field. */
  aliases?: Readonly<Record<string, string>>;
}

/** How machine formats write timestamps: as the service sent them, or as ISO 8601 in UTC. */
export type TimestampStyle = 'service' | 'iso';

export interface OutputOptions {
  format: OutputFormat;
  /** The columns of what is printed; or `kind`, whose view is built from its schema. */
  view?: View;
  kind?: RecordKind;
  /** Already checked with resolveFields: dot paths. */
  fields?: string[];
  /** A JMESPath expression, already checked (json, yaml and ndjson only). */
  query?: string;
  /** Drop the header row of a table or csv. */
  noHeaders?: boolean;
  /** csv: cells as they are, without the `'` before a formula character (for consumers that are not spreadsheets). */
  csvRaw?: boolean;
  color: boolean;
  isTTY: boolean;
  /** Terminal columns the table is fitted to; 0 or Infinity for no limit. */
  width: number;
  /** Zone a table shows timestamps in (IANA name); UTC when not given. */
  timeZone?: string;
  /** `iso`: machine formats write timestamps as ISO 8601 UTC; otherwise as the service sent them. */
  timestamps?: TimestampStyle;
  /** One record on a terminal (`get`): a table shows it as a detail view, a `Field: value` line each. */
  detail?: boolean;
  /** Where a table says which columns it dropped to fit the width. */
  note?: (line: string) => void;
  now: () => number;
}

export interface RecordWriter {
  write(record: object): Promise<void>;
  /**
   * Several records at once, as one write to the stream where the format allows (a bulk write's batch).
   * `ndjson`: the same records as NDJSON lines, when the caller already has them (a bulk write's journal).
   */
  writeAll?(records: readonly object[], ndjson?: string | Uint8Array): Promise<void>;
  /** A listing's page: its records, or the lines the service wrote them as (written so where they pass through). */
  writePage?(page: RecordPage<object>): Promise<void>;
  end(): Promise<void>;
  /** Hands what was written so far to the stream (createRecordWriter's writers gather it: see Sink). */
  flush?(): Promise<void>;
}
