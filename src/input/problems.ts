import type { z } from 'zod';

export interface InputProblem {
  line: number;
  path: string;
  message: string;
}

/** `edgeFlows[0].flowId` from zod's ['edgeFlows', 0, 'flowId']. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
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

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** A given value as a user would recognise it: text quoted, lists and objects by their kind. */
export function showValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);
  if (Array.isArray(v)) return 'a list';
  if (v !== null && typeof v === 'object') return 'an object';
  return String(v);
}

/** One issue in plain words: what is expected and what was given. */
export function describeIssue(issue: z.core.$ZodIssue, given: unknown): string {
  if (issue.code === 'invalid_type') {
    const expected = EXPECTED[issue.expected] ?? issue.expected;
    if (given === undefined) return `required, but not given (expected ${expected})`;
    return `expected ${expected}, got ${showValue(given)}`;
  }
  if (issue.code === 'invalid_format' && (issue.format === 'guid' || issue.format === 'uuid')) {
    return `expected a uuid (8-4-4-4-12 hex digits), got ${showValue(given)}`;
  }
  if (given === undefined || typeof given === 'object') return issue.message;
  return `${issue.message}, got ${showValue(given)}`;
}

/** One line per problem, as a user reads it: `devices.csv:7: port: Invalid input: expected number`. */
export function describeProblems(source: string, problems: readonly InputProblem[]): string {
  const name = source === '-' ? '<stdin>' : source;
  return problems.map((p) => `${name}:${p.line}: ${p.path ? `${p.path}: ` : ''}${p.message}`).join('\n');
}
