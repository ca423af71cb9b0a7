// A large answer's JSON text in pieces under 64 KB. As one string a page of records (a few hundred KB) or
// a report's file (tens of MB) lands in V8's large-object space, mapped and faulted in afresh for each
// answer, far more than making the same text in pieces. Pieces also let node:http
// write the answer a piece at a time, serving other requests while a slow reader drains it.

/** Records per run of a long list: some 40 KB at the records this service keeps. */
const RUN_RECORDS = 100;
/** Characters per piece of a long string. */
const RUN_CHARS = 48 * 1024;

const plain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  Object.getPrototypeOf(v) === Object.prototype &&
  typeof (v as { toJSON?: unknown }).toJSON !== 'function';

/** Whether a record holds a string longer than RUN_CHARS; asked of every short page, so it allocates nothing. */
function hasLongString(r: unknown): boolean {
  if (!plain(r)) return false;
  for (const key in r) {
    const v = r[key];
    if (typeof v === 'string' && v.length > RUN_CHARS) return true;
  }
  return false;
}

/**
 * Pieces whose concatenation is JSON.stringify(envelope), for an object whose `data` is a list longer than
 * RUN_RECORDS or holds a record with a string longer than RUN_CHARS; undefined for any other value.
 */
export function jsonRuns(envelope: unknown): string[] | undefined {
  if (!plain(envelope)) return undefined;
  const data = envelope.data;
  if (!Array.isArray(data)) return undefined;
  if (data.length <= RUN_RECORDS && !data.some(hasLongString)) return undefined;
  const out = new Pieces();
  write(envelope, out, 0);
  return out.done();
}

class Pieces {
  private readonly pieces: string[] = [];
  private text = '';

  push(s: string): void {
    this.text += s;
    if (this.text.length >= RUN_CHARS) {
      this.pieces.push(this.text);
      this.text = '';
    }
  }

  done(): string[] {
    if (this.text !== '') this.pieces.push(this.text);
    return this.pieces;
  }
}

/** What JSON.stringify leaves out of an object. */
const omitted = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** Writes JSON.stringify(value)'s text: the envelope, its list and its records taken apart, the rest whole. */
function write(value: unknown, out: Pieces, depth: number): void {
  if (typeof value === 'string' && value.length > RUN_CHARS) {
    // The text of a long string is long too: its slices are views of it, not copies.
    const json = JSON.stringify(value);
    for (let i = 0; i < json.length; i += RUN_CHARS) out.push(json.slice(i, i + RUN_CHARS));
  } else if (depth <= 2 && Array.isArray(value) && value.length > RUN_RECORDS) {
    out.push('[');
    for (let i = 0; i < value.length; i += RUN_RECORDS) {
      out.push((i === 0 ? '' : ',') + JSON.stringify(value.slice(i, i + RUN_RECORDS)).slice(1, -1));
    }
    out.push(']');
  } else if (depth <= 2 && Array.isArray(value)) {
    out.push('[');
    value.forEach((v, i) => {
      if (i > 0) out.push(',');
      if (omitted(v)) out.push('null');
      else write(v, out, depth + 1);
    });
    out.push(']');
  } else if (depth <= 2 && plain(value)) {
    out.push('{');
    let first = true;
    for (const [key, member] of Object.entries(value)) {
      if (omitted(member)) continue;
      out.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      write(member, out, depth + 1);
    }
    out.push('}');
  } else {
    out.push(JSON.stringify(value) ?? 'null');
  }
}
