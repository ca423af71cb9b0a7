/**
 * True when `value` is made only of what JSON.parse gives (strings, finite numbers, booleans, null, arrays
 * without holes, plain objects), with no field holding undefined: JSON.parse(JSON.stringify(value)) is then
 * a copy of it, so a caller in process may hand it over in place of its text (in-process.ts).
 */
export function isJsonValue(value: unknown, depth = 0): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      // JSON has no NaN or Infinity (they become null) and writes -0 as 0.
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      // Deeper than any record nests: the text is the safe way.
      if (depth > 32) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++)
          if (!(i in value) || !isJsonValue(value[i], depth + 1)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) if (!isJsonValue(record[key], depth + 1)) return false;
      return true;
    }
    default:
      // undefined, functions, symbols and bigints: JSON drops them or cannot write them.
      return false;
  }
}
