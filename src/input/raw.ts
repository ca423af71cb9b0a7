import type { InputProblem } from './problems.js';

/** A parsed but not yet validated record and the line it starts on. */
export interface RawRecord {
  line: number;
  value: unknown;
}

export interface RawRead {
  records: RawRecord[];
  problems: InputProblem[];
  /** Every record names only fields the schema has: the reader checked them once (CSV, by its header). */
  fieldsChecked?: boolean;
}
