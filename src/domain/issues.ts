import type { z } from 'zod';

// Validation problems in plain words, for the server's 406 reasons and the CLI's input errors alike.

/** `edgeFlows[0].flowId` from zod's ['edgeFlows', 0, 'flowId']. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
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

/** The first problem of a failed parse of `input`, with its path: `data[0].port: expected a whole number, got "abc"`. */
export function firstIssue(error: z.ZodError, input: unknown, prefix = ''): string {
  const issue = error.issues[0];
  if (!issue) return prefix || 'body';
  const path = formatPath(issue.path);
  const where = prefix && path ? `${prefix}.${path}` : prefix || path || 'body';
  return `${where}: ${describeIssue(issue, valueAt(input, issue.path))}`;
}
