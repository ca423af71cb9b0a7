import { isTimestampText, parseTimestamp, TIMESTAMP_FIELDS } from '../domain/instant.js';

interface Keyed<T> {
  key: unknown;
  /** Order of arrival: equal keys keep the listing's order. */
  seq: number;
  record: T;
}

function text(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Missing values last whichever way the order goes; numbers as numbers, text in natural order. */
function compareKeys(a: unknown, b: unknown, sign: number): number {
  const missingA = a === null || a === undefined;
  const missingB = b === null || b === undefined;
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return sign * (a - b);
  return sign * text(a).localeCompare(text(b), undefined, { numeric: true });
}

/**
 * The key a record sorts by: a timestamp field's instant (the service writes several forms, which sort
 * wrongly as text), else the value itself.
 */
function sortKey(value: unknown, timestampField: boolean): unknown {
  if (value === null || value === undefined) return value;
  if (timestampField || (typeof value === 'string' && isTimestampText(value))) {
    return parseTimestamp(value) ?? value;
  }
  return value;
}

/**
 * --sort-by: orders the records by the field, missing values last (`reverse` turns the rest); a path into a
 * list sorts by its first element; timestamps by instant. With `limit`, only the first `limit` records of
 * that order are kept while the walk goes on (a bounded heap, memory flat whatever the listing's length);
 * without it every record is held, as a sort must before it can print the first.
 */
export async function sortRecords<T extends object>(
  records: AsyncIterable<T>,
  path: string,
  opts: { limit?: number; reverse?: boolean } = {},
): Promise<T[]> {
  const { valuesAt } = await import('../output/index.js');
  const timestampField = TIMESTAMP_FIELDS.has(path.split('.').pop() ?? '');
  const sign = opts.reverse ? -1 : 1;
  const before = (x: Keyed<T>, y: Keyed<T>) => compareKeys(x.key, y.key, sign) || x.seq - y.seq;
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  // Without a limit: every record, sorted once at the end. With one: a heap whose root is the last kept.
  const kept: Keyed<T>[] = [];
  let seq = 0;
  for await (const record of records) {
    const item = { key: sortKey(valuesAt(record, path).values[0], timestampField), seq: seq++, record };
    if (kept.length < limit) {
      kept.push(item);
      if (Number.isFinite(limit)) siftUp(kept, kept.length - 1, before);
    } else if (limit > 0 && before(item, kept[0]!) < 0) {
      kept[0] = item;
      siftDown(kept, 0, before);
    }
  }
  kept.sort(before);
  return kept.map((k) => k.record);
}

type Before<T> = (x: T, y: T) => number;

// A max-heap under `before`: the root is the record that would be printed last, the first to give way.
function siftUp<T>(heap: T[], at: number, before: Before<T>): void {
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if (before(heap[parent]!, heap[at]!) >= 0) return;
    [heap[parent], heap[at]] = [heap[at]!, heap[parent]!];
    at = parent;
  }
}

function siftDown<T>(heap: T[], at: number, before: Before<T>): void {
  for (;;) {
    const left = 2 * at + 1;
    const right = left + 1;
    let last = at;
    if (left < heap.length && before(heap[left]!, heap[last]!) > 0) last = left;
    if (right < heap.length && before(heap[right]!, heap[last]!) > 0) last = right;
    if (last === at) return;
    [heap[last], heap[at]] = [heap[at]!, heap[last]!];
    at = last;
  }
}
