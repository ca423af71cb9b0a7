import type { RecordKind } from '../domain/index.js';

export type OutputFormat = 'table' | 'json' | 'ndjson' | 'csv' | 'yaml';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['table', 'json', 'ndjson', 'csv', 'yaml'];

export interface OutputOptions {
  format: OutputFormat;
  /** Names the record schema (domain RECORD_SCHEMAS): csv columns, table columns and timestamps come from it. */
  kind: RecordKind;
  /** Already checked with resolveFields. */
  fields?: string[];
  color: boolean;
  isTTY: boolean;
  /** Terminal columns the table is fitted to; 0 or Infinity for no limit. */
  width: number;
  now: () => number;
}

export interface RecordWriter {
  write(record: object): Promise<void>;
  end(): Promise<void>;
}
