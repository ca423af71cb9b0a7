// A listing page a writer may print as the service wrote it (api/body-json.ts, pageLines): an array as long as
// the page, holding no record until one is asked for, that carries the records' NDJSON bytes. An NDJSON
// export so writes a page's bytes as they came, where parsing each record to print it again was most of
// the client's work (and of its garbage).

const LINES = Symbol('record lines');

type LinesPage = object[] & { [LINES]?: Buffer };

/** A page of `count` records whose NDJSON text is `lines` (one record a line, each ending in a newline). */
export function linesPage<T>(count: number, lines: Buffer): T[] {
  const page = new Array<object>(count) as LinesPage;
  page[LINES] = lines;
  return page as T[];
}

/** The NDJSON bytes of a page linesPage made; undefined for a page of records. */
export function linesOf(records: readonly unknown[]): Buffer | undefined {
  return (records as LinesPage)[LINES];
}

/** Records `start` to `end` (exclusive) of a page: for a page of lines, a page of those lines. */
export function slicePage<T>(records: T[], start: number, end = records.length): T[] {
  const lines = linesOf(records);
  if (!lines) return records.slice(start, end);
  const at = (n: number) => {
    let pos = 0;
    for (let k = 0; k < n; k++) pos = lines.indexOf(0x0a, pos) + 1;
    return pos;
  };
  const to = Math.min(end, records.length);
  const from = Math.min(start, to);
  return linesPage<T>(to - from, lines.subarray(at(from), at(to)));
}

/** The records themselves: those of a page linesPage made parsed from its lines, a line at a time. */
export function recordsOf<T>(records: T[]): T[] {
  const lines = linesOf(records);
  if (!lines) return records;
  const out: T[] = [];
  for (let from = 0; from < lines.length; ) {
    const end = lines.indexOf(0x0a, from);
    out.push(JSON.parse(lines.toString('utf8', from, end)) as T);
    from = end + 1;
  }
  return out;
}
