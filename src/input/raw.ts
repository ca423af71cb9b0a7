import type { InputProblem } from './problems.js';

/** A parsed but not yet validated record and the line it starts on. */
export interface RawRecord {
  line: number;
  value: unknown;
}

export interface RawRead {
  records: RawRecord[];
  problems: InputProblem[];
}
