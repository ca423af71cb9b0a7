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

export function issuesToProblems(line: number, issues: readonly z.core.$ZodIssue[]): InputProblem[] {
  return issues.map((issue) => ({ line, path: formatPath(issue.path), message: issue.message }));
}

/** One line per problem, as a user reads it: `devices.csv:7: port: Invalid input: expected number`. */
export function describeProblems(source: string, problems: readonly InputProblem[]): string {
  const name = source === '-' ? '<stdin>' : source;
  return problems.map((p) => `${name}:${p.line}: ${p.path ? `${p.path}: ` : ''}${p.message}`).join('\n');
}
