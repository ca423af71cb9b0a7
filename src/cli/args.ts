import { InvalidArgumentError } from 'commander';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

/** Commander argParser for a uuid argument or option: 8-4-4-4-12 hex digits (exit 2 otherwise). */
export function uuidArg(text: string): string {
  if (!UUID.test(text)) throw new InvalidArgumentError('expected a uuid (8-4-4-4-12 hex digits)');
  return text.toLowerCase();
}
