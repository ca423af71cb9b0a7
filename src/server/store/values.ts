// SQLite has no boolean: 1/0, and NULL where the record left the flag out (columns.ts writes them).
export function toBool(n: unknown): boolean | null {
  return n == null ? null : n === 1 || n === 1n;
}

/** Binds a list of keys as one parameter, read back in SQL with json_each(?). */
export function keyList(keys: readonly string[]): string {
  return JSON.stringify(keys);
}

/** Groups rows by a key, keeping their order. */
export function groupBy<R>(rows: R[], key: (r: R) => string): Map<string, R[]> {
  const m = new Map<string, R[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}

/** Instants another service gave a record (server clone keeps them); absent ones are the time of the write. */
export interface Stamps {
  created?: number | undefined;
  updated?: number | undefined;
}
