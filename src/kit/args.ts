import { InvalidArgumentError } from 'commander';
import { isUuid } from '../domain/uuid.js';
import { UsageError } from './command-errors.js';

export { isUuid };

/** Commander argParser for a uuid argument or option: 8-4-4-4-12 hex digits (exit 2 otherwise). */
export function uuidArg(text: string): string {
  if (!isUuid(text)) throw new InvalidArgumentError('expected a uuid (8-4-4-4-12 hex digits)');
  return text.toLowerCase();
}

/**
 * Commander argParser for a whole number from `min` (to `max` when given): the one parser of every count,
 * size and port flag.
 */
export function wholeNumber(min: number, max?: number) {
  const range = max === undefined ? `>= ${min}` : `from ${min} to ${max}`;
  return (text: string): number => {
    const t = text.trim();
    const n = Number(t);
    if (!/^\d+$/.test(t) || !Number.isSafeInteger(n) || n < min || (max !== undefined && n > max)) {
      throw new InvalidArgumentError(`expected a whole number ${range}`);
    }
    return n;
  };
}

/** Commander collector for a repeated option. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** `KEY=VALUE` into its two parts; the value may hold `=` and may be empty. */
export function parseAssignment(text: string, what: string): { key: string; value: string } {
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError(`${what} must look like NAME=VALUE, got ${JSON.stringify(text)}`);
  return { key: text.slice(0, at).trim(), value: text.slice(at + 1) };
}

/**
 * Commander's words for a bad argument or option value, in the words a bad flag value gets from the
 * configuration (`invalid org "x" from --org: expected a uuid ...`); any other message as it is.
 */
export function ownWording(message: string): string {
  const arg = /^(error: )?command-argument value '(.*)' is invalid for argument '(.+?)'\. ([\s\S]*)$/.exec(
    message,
  );
  if (arg) return `${arg[1] ?? ''}invalid ${arg[3]} "${arg[2]}" from argument <${arg[3]}>: ${arg[4]}`;
  const opt = /^(error: )?option '(-\w, )?(--[\w-]+)[^']*' argument '(.*)' is invalid\. ([\s\S]*)$/.exec(
    message,
  );
  if (opt) return `${opt[1] ?? ''}invalid ${opt[3]!.slice(2)} "${opt[4]}" from ${opt[3]}: ${opt[5]}`;
  return message;
}
