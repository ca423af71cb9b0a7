// A bound on a value's JSON size, without making the text: what cuts a bulk add's batches (kit/write/batches.ts)
// and what spares the in-process service the text of a body that is surely within its limit
// (server/in-process.ts).

// Text JSON.stringify writes as it is, a byte a character: printable ASCII but the quote and the backslash.
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * A bound on the UTF-8 length of JSON.stringify(value), without making the text: a string of other characters
 * counts 6 bytes a UTF-16 unit (a `\u` escape, the most any unit takes), a number 25 (its longest form, as
 * -0.0000010151713245131391: a sign, `0.00000` and 17 digits).
 */
export function jsonBytesAtMost(value: unknown): number {
  if (typeof value === 'string') return 2 + (PLAIN.test(value) ? value.length : 6 * value.length);
  if (typeof value === 'number') return 25;
  if (value === null || typeof value !== 'object') return 5;
  let n = 2;
  if (Array.isArray(value)) {
    for (const v of value) n += jsonBytesAtMost(v) + 1;
    return n;
  }
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined) n += jsonBytesAtMost(k) + jsonBytesAtMost(v) + 2;
  }
  return n;
}
