import type { InputProblem } from './problems.js';

/**
 * Problems for records that repeat an earlier record's `field` (a serial number may appear once per
 * organization: a repeat in a file would fail its whole batch). Values are compared by `keyOf` (a serial
 * number's serialKey), a repeat that only reads the same naming the value it repeats.
 */
export function repeatedValues<R extends object>(
  records: readonly { line: number; record: R }[],
  field: keyof R & string,
  keyOf: (value: unknown) => unknown = (v) => v,
): InputProblem[] {
  const first = new Map<unknown, { line: number; value: unknown }>();
  const problems: InputProblem[] = [];
  for (const { line, record } of records) {
    const value = record[field];
    if (value === undefined || value === null) continue;
    const key = keyOf(value);
    const seen = first.get(key);
    if (seen === undefined) first.set(key, { line, value });
    else if (seen.value === value)
      problems.push({ line, path: field, message: `${String(value)} repeats line ${seen.line}` });
    else
      problems.push({
        line,
        path: field,
        message: `${JSON.stringify(value)} repeats line ${seen.line} (${JSON.stringify(seen.value)}), read the same`,
      });
  }
  return problems;
}
