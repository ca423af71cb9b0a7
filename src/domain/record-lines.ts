// A listing page is its records, or the lines the service wrote them as (api/body-json.ts, pageLines). An
// NDJSON export writes a page of lines as it came, where parsing each record to print it again was most of
// the client's work (and of its garbage); any other reader asks the page for its records.

/** A page's records as the service wrote them: NDJSON, one record a line, each line ending in a newline. */
export interface RecordLines {
  readonly count: number;
  readonly lines: Buffer;
}

/** A listing page: its records, or the lines they came as. */
export type RecordPage<T> = T[] | RecordLines;

/** Whether a page is lines (not records). */
export function isLines<T>(page: RecordPage<T>): page is RecordLines {
  return !Array.isArray(page);
}

/** How many records a page holds. */
export function pageLength(page: RecordPage<unknown>): number {
  return isLines(page) ? page.count : page.length;
}

/** Records `start` to `end` (exclusive) of a page: for a page of lines, a page of those lines. */
export function slicePage<T>(page: RecordPage<T>, start: number, end?: number): RecordPage<T> {
  if (!isLines(page)) return page.slice(start, end);
  const { lines } = page;
  const at = (n: number) => {
    let pos = 0;
    for (let k = 0; k < n; k++) pos = lines.indexOf(0x0a, pos) + 1;
    return pos;
  };
  const to = Math.min(end ?? page.count, page.count);
  const from = Math.min(start, to);
  return { count: to - from, lines: lines.subarray(at(from), at(to)) };
}

/** A page's records: a page of lines parsed a line at a time. */
export function recordsOf<T>(page: RecordPage<T>): T[] {
  if (!isLines(page)) return page;
  const { lines } = page;
  const out: T[] = [];
  for (let from = 0; from < lines.length; ) {
    const end = lines.indexOf(0x0a, from);
    out.push(JSON.parse(lines.toString('utf8', from, end)) as T);
    from = end + 1;
  }
  return out;
}
