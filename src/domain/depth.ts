// How deep ccp reads nested values. JSON.parse takes any depth, but what follows it recurses (the schema
// checks, every renderer, JSON.stringify): a value nested some thousands deep overflowed the stack, an
// internal error. Text is checked before it is read, without recursion, so the error names its source.

/** The deepest nesting of arrays and objects ccp reads, from the service or from a file. */
export const MAX_DEPTH = 1000;

/**
 * The byte offset of the bracket where JSON text in UTF-8 nests deeper than `limit` (strings skipped), or -1.
 * No byte of a multi-byte character is ASCII, so brackets and quotes are found by their bytes alone.
 */
export function bytesTooDeepAt(bytes: Uint8Array, limit = MAX_DEPTH): number {
  let depth = 0;
  // A plain loop: V8 runs it faster than indexOf for the closing quote of strings as short as a record's.
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === 0x22) {
      for (i++; i < bytes.length; i++) {
        const d = bytes[i];
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/** bytesTooDeepAt over text: the offset of that bracket in the text's own characters, or -1. */
export function textTooDeepAt(text: string, limit = MAX_DEPTH): number {
  const bytes = Buffer.from(text);
  const at = bytesTooDeepAt(bytes, limit);
  return at < 0 ? -1 : bytes.subarray(0, at).toString('utf8').length;
}

/** Whether a value (as YAML gives it) nests arrays and objects deeper than `limit`, walked without recursion. */
export function valueTooDeep(value: unknown, limit = MAX_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    if (depth >= limit) return true;
    // An alias makes a node appear twice: walked once, its depth the first path's.
    seen.add(v);
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
