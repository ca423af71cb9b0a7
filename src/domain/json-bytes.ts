// A bound on a value's JSON size, without making the text: what cuts a bulk add's batches (kit/write/batches.ts)
// and what spares the in-process service the text of a body that is surely within its limit
// (server/in-process.ts), which takes the value itself only when it is made of JSON's own values: one walk
// tells both.

// Text JSON.stringify writes as it is, a byte a character: printable ASCII but the quote and the backslash.
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A string's JSON, at most: 6 bytes a UTF-16 unit unless it is plain (see jsonValueBytesAtMost). */
const textBytes = (s: string) => 2 + (PLAIN.test(s) ? s.length : 6 * s.length);

/** Deeper than any record nests: such a value is measured by its text. */
const MAX_WALKED_DEPTH = 32;

/**
 * A bound on the UTF-8 length of JSON.stringify(value) when `value` is made only of what JSON.parse gives
 * (strings, finite numbers, booleans, null, arrays without holes, plain objects, no field holding undefined,
 * at most 32 levels deep): JSON.parse(JSON.stringify(value)) is then a copy of it. -1 for any other value.
 * A string of characters other than printable ASCII counts 6 bytes a UTF-16 unit (a `\u` escape, the most
 * any unit takes), a number 25 (its longest form, as -0.0000010151713245131391: a sign, `0.00000` and 17
 * digits).
 */
export function jsonValueBytesAtMost(value: unknown, depth = 0): number {
  switch (typeof value) {
    case 'string':
      return textBytes(value);
    case 'boolean':
      return 5;
    case 'number':
      // JSON has no NaN or Infinity (they become null) and writes -0 as 0.
      return Number.isFinite(value) && !Object.is(value, -0) ? 25 : -1;
    case 'object': {
      if (value === null) return 4;
      if (depth > MAX_WALKED_DEPTH) return -1;
      let n = 2;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const m = i in value ? jsonValueBytesAtMost(value[i], depth + 1) : -1;
          if (m < 0) return -1;
          n += m + 1;
        }
        return n;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return -1;
      const record = value as Record<string, unknown>;
      // for-in, not a list of the keys made for each record: a plain object's own keys are all it has.
      for (const key in record) {
        const m = jsonValueBytesAtMost(record[key], depth + 1);
        if (m < 0) return -1;
        n += textBytes(key) + m + 2;
      }
      return n;
    }
    default:
      // undefined, functions, symbols and bigints: JSON drops them or cannot write them.
      return -1;
  }
}

/** A bound on the UTF-8 length of JSON.stringify(value), for any value: its text's length where no walk tells. */
export function jsonBytesAtMost(value: unknown): number {
  const n = jsonValueBytesAtMost(value);
  return n >= 0 ? n : Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}
