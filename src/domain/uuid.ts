// The interface's "UUID format" as a plain test, without zod: the server's routing and listings use it on
// every request, and zod stays out of any command that writes nothing (common.ts's Uuid holds the same rule
// as a schema; a unit test keeps the two equal).

/** 8-4-4-4-12 hex digits; permissive about version/variant bits, as remote data may be. */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
