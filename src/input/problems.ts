import type { z } from 'zod';
import { describeIssue, formatPath, valueAt } from '../domain/issues.js';

export { describeIssue, formatPath, showValue } from '../domain/issues.js';

export interface InputProblem {
  line: number;
  path: string;
  message: string;
}

/**
 * Problems of one record, each saying what was given and what is expected (`port: expected a whole
 * number, got "abc"`) rather than zod's `Invalid input: expected int, received string`. `record` is what was
 * validated, so the given value can be shown.
 */
export function issuesToProblems(
  line: number,
  issues: readonly z.core.$ZodIssue[],
  record?: unknown,
): InputProblem[] {
  return issues.map((issue) => ({
    line,
    path: formatPath(issue.path),
    message: describeIssue(issue, valueAt(record, issue.path)),
  }));
}

/** One line per problem, as a user reads it: `devices.csv:7: port: Invalid input: expected number`. */
export function describeProblems(source: string, problems: readonly InputProblem[]): string {
  const name = source === '-' ? '<stdin>' : source;
  return problems.map((p) => `${name}:${p.line}: ${p.path ? `${p.path}: ` : ''}${p.message}`).join('\n');
}
