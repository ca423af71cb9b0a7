import type { InputProblem } from './problems.js';

/**
 * Problems for records that repeat an earlier record's `field` (a serial number may appear once per
 * organization: a repeat in a file would fail its whole batch).
 */
export function repeatedValues<R extends object>(
  records: readonly { line: number; record: R }[],
  field: keyof R & string,
): InputProblem[] {
  const first = new Map<unknown, number>();
  const problems: InputProblem[] = [];
  for (const { line, record } of records) {
    const value = record[field];
    if (value === undefined || value === null) continue;
    const seen = first.get(value);
    if (seen === undefined) first.set(value, line);
    else problems.push({ line, path: field, message: `${String(value)} repeats line ${seen}` });
  }
  return problems;
}
