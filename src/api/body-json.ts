// The value of a large JSON envelope read from its bytes in runs under 64 KB. A listing page is a few
// hundred kilobytes: as one string it lands in V8's large-object space, which is mapped and faulted in
// afresh for every string (far more than the same text costs in small strings). The runs are cut where the
// bytes look like a cut between records (`},{`), or, once the page's records showed `},{` of their own,
// where reading the bytes finds one (each page finds that out from its first record: nothing outlives a
// call). Every cut is proven by JSON.parse: a run parses alone only when it starts and ends between two
// records of the envelope's `data`, outside any string. Anything else falls back to parsing the whole text.
//
// pageLines reads the same bytes for a writer that prints records as they came (`-o ndjson`): each record's
// text becomes a line, checked as JSON.parse would check it, without making a record of it.

import { isUtf8 } from 'node:buffer';

/** Runs stay under the 128 KB from which V8 puts a string in its large-object space. */
const RUN = 60 * 1024;
/** Answers smaller than this are one string anyway: nothing to gain. */
const LARGE = 112 * 1024;

const DATA = Buffer.from('"data":[');
const BETWEEN = Buffer.from('},{');
const CLOSE = 0x5d; // ]

/**
 * What JSON.parse of the bytes' UTF-8 text gives, for an object with a `data` array; undefined when the
 * bytes are small or are not cut this way (the caller parses the whole text then).
 */
export function parseEnvelope(bytes: Buffer): Record<string, unknown> | undefined {
  if (bytes.length < LARGE) return undefined;
  try {
    return split(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The end (`}`) of the first record that ends at or after `min` and is followed by another: the bytes read
 * from `from`, a record's start, following strings and nesting.
 */
function recordEnd(bytes: Buffer, from: number, min: number, close: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < close; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) depth++;
    else if (b === 0x7d || b === 0x5d) {
      depth--;
      if (depth === 0 && i >= min && bytes[i + 1] === 0x2c) return i;
    }
  }
  return -1;
}

/** Where the envelope's `data` array lies in its bytes, and the envelope's other members, parsed. */
interface Edges {
  /** The first byte after `"data":[`. */
  from: number;
  /** The `]` that closes `data`. */
  close: number;
  /** The members before and after `data`. */
  rest: Record<string, unknown>;
}

function edges(bytes: Buffer): Edges | undefined {
  const text = (from: number, to: number) => bytes.toString('utf8', from, to);
  // The members before `data`: they parse as an object once `data` is closed empty right after them. A
  // `"data":[` inside a string or a nested object leaves that text unbalanced, and JSON.parse says so.
  const at = bytes.indexOf(DATA);
  if (at < 0 || at > RUN) return undefined;
  const head = JSON.parse(`${text(0, at)}"data":[]}`) as Record<string, unknown>;
  // The members after `data`: found from the end, they parse as the rest of an object after one member.
  let close = bytes.length;
  let tail: Record<string, unknown> | undefined;
  for (let tries = 0; tail === undefined && tries < 4; tries++) {
    close = bytes.lastIndexOf(CLOSE, close - 1);
    if (close <= at) return undefined;
    try {
      tail = JSON.parse(`{"data":[]${text(close + 1, bytes.length)}`) as Record<string, unknown>;
    } catch {}
  }
  // Another `data` after the records would be the one JSON.parse keeps.
  if (!tail || bytes.indexOf('"data"', close) >= 0) return undefined;
  return { from: at + DATA.length, close, rest: { ...head, ...tail } };
}

function split(bytes: Buffer): Record<string, unknown> | undefined {
  const text = (from: number, to: number) => bytes.toString('utf8', from, to);
  const found = edges(bytes);
  if (!found) return undefined;
  const { close } = found;
  const records: unknown[] = [];
  // Whether this page's records hold `},{` of their own, as its first record tells (a page's records share
  // their shape); a run that does not parse tells it too.
  const first = recordEnd(bytes, found.from, found.from, close);
  let nested = first > 0 && bytes.subarray(found.from, first).includes(BETWEEN);
  let from = found.from;
  while (from < close) {
    // A cut a run's length on, or the end of the records.
    let to = close;
    if (from + RUN < close) {
      const cut = nested ? recordEnd(bytes, from, from + RUN, close) : bytes.indexOf(BETWEEN, from + RUN);
      if (cut >= 0 && cut < close) to = cut + 1;
    }
    let run: unknown[];
    try {
      run = JSON.parse(`[${text(from, to)}]`) as unknown[];
    } catch (err) {
      // A `},{` inside a record (its list of flows, say): from now on cuts are found by reading the bytes.
      if (to === close || nested) throw err;
      nested = true;
      continue;
    }
    for (const record of run) records.push(record);
    from = to === close ? close : to + 1;
  }
  return { ...found.rest, data: records };
}

/** A listing page's records as the service wrote them, one per line, and the envelope's other members. */
export interface PageLines {
  /** The envelope with `data` empty: what tells whether the page is an answer at all, and an OK one. */
  envelope: Record<string, unknown>;
  /** How many records `lines` holds. */
  count: number;
  /** The records' own bytes, a newline after each: NDJSON as the service wrote each record. */
  lines: Buffer;
}

// What the scanner expects next inside the records (pageLines).
const VALUE = 0;
const KEY = 1;
const COLON = 2;
const AFTER = 3;
const KEY_OR_CLOSE = 4;
const VALUE_OR_CLOSE = 5;
const OBJECT = 1;
const ARRAY = 2;
const MAX_DEPTH = 256;
/** Characters a backslash may escape in JSON (`u` takes four hex digits after it). */
const ESCAPE = new Uint8Array(256);
for (const c of '"\\/bfnrtu') ESCAPE[c.charCodeAt(0)] = 1;
const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;
/** What a byte is inside a string: text, its end, an escape, or a raw control character (refused). */
const PLAIN = 0;
const QUOTE = 1;
const BACKSLASH = 2;
const CONTROL = 3;
const IN_STRING = new Uint8Array(256).fill(CONTROL, 0, 0x20);
IN_STRING[0x22] = QUOTE;
IN_STRING[0x5c] = BACKSLASH;
const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;

/** The index after a JSON number starting at `i`, or -1 when the text there is not one. */
function numberEnd(b: Buffer, i: number, end: number): number {
  if (b[i] === 0x2d) i++;
  if (b[i] === 0x30) i++;
  else if (isDigit(b[i]) && b[i] !== 0x30) while (i < end && isDigit(b[i])) i++;
  else return -1;
  if (b[i] === 0x2e) {
    if (!isDigit(b[++i])) return -1;
    while (i < end && isDigit(b[i])) i++;
  }
  if (b[i] === 0x65 || b[i] === 0x45) {
    i++;
    if (b[i] === 0x2b || b[i] === 0x2d) i++;
    if (!isDigit(b[i])) return -1;
    while (i < end && isDigit(b[i])) i++;
  }
  return i;
}

/**
 * The records of a listing page as NDJSON lines, read from its bytes without making a record of them, for a
 * writer that prints them unchanged. The bytes are checked as JSON.parse would check them (strings and their
 * escapes, numbers, literals, nesting, commas and colons), and must be compact (no whitespace between
 * tokens), valid UTF-8 and objects: undefined for any other page, which JSON.parse then reads (and refuses
 * as before when it is no JSON). Lines given are the page's own bytes, changed where they lie; bytes refused
 * are left as they came.
 */
export function pageLines(bytes: Buffer): PageLines | undefined {
  let found: Edges | undefined;
  try {
    found = edges(bytes);
  } catch {
    return undefined;
  }
  if (!found || found.from >= found.close) return undefined;
  const { from, close } = found;
  if (!isUtf8(bytes.subarray(from, close))) return undefined;
  // Read where they lie (a copy of every page was a tenth of an export's work, and its garbage); the commas
  // between records are noted and turned into newlines only once the whole page is proven, so that bytes
  // refused here stay as they came, for the error that quotes them.
  const lines = bytes;
  // Reads past the records meet the `]` at `close`, which ends any literal, escape or number.
  const end = close;
  const between: number[] = [];
  const stack = new Uint8Array(MAX_DEPTH);
  let depth = 0;
  let count = 0;
  let want = VALUE;
  for (let i = from; i < end; i++) {
    const c = lines[i]!;
    if (c === 0x22) {
      if (want !== KEY && want !== KEY_OR_CLOSE && want !== VALUE && want !== VALUE_OR_CLOSE)
        return undefined;
      if (depth === 0) return undefined;
      // A string: to its closing quote; escapes as JSON has them, no raw control character.
      for (;;) {
        // Most of a page's bytes lie in strings: one look-up a byte until one that is not plain text (a
        // read past the buffer gives undefined, which ends the run too).
        let kind = IN_STRING[lines[++i]!];
        while (kind === PLAIN) kind = IN_STRING[lines[++i]!];
        if (i >= end) return undefined;
        if (kind === QUOTE) break;
        if (kind !== BACKSLASH) return undefined;
        const e = lines[++i]!;
        if (ESCAPE[e] !== 1) return undefined;
        if (e === 0x75) {
          if (!(HEX[lines[i + 1]!] && HEX[lines[i + 2]!] && HEX[lines[i + 3]!] && HEX[lines[i + 4]!]))
            return undefined;
          i += 4;
        }
      }
      want = want === KEY || want === KEY_OR_CLOSE ? COLON : AFTER;
    } else if (c === 0x7b || c === 0x5b) {
      if (want !== VALUE && want !== VALUE_OR_CLOSE) return undefined;
      // Records are objects.
      if ((depth === 0 && c !== 0x7b) || depth === MAX_DEPTH) return undefined;
      stack[depth++] = c === 0x7b ? OBJECT : ARRAY;
      want = c === 0x7b ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
    } else if (c === 0x7d || c === 0x5d) {
      const kind = c === 0x7d ? OBJECT : ARRAY;
      if (depth === 0 || stack[depth - 1] !== kind) return undefined;
      if (want !== AFTER && want !== (kind === OBJECT ? KEY_OR_CLOSE : VALUE_OR_CLOSE)) return undefined;
      depth--;
      want = AFTER;
      if (depth === 0) count++;
    } else if (c === 0x3a) {
      if (want !== COLON) return undefined;
      want = VALUE;
    } else if (c === 0x2c) {
      if (want !== AFTER) return undefined;
      if (depth === 0) {
        // Between two records: their line break, once the page is proven.
        between.push(i);
        want = VALUE;
      } else want = stack[depth - 1] === OBJECT ? KEY : VALUE;
    } else {
      if ((want !== VALUE && want !== VALUE_OR_CLOSE) || depth === 0) return undefined;
      // The three literals by their bytes (a call to compare them costs more than reading them).
      if (c === 0x74) {
        if (lines[i + 1] !== 0x72 || lines[i + 2] !== 0x75 || lines[i + 3] !== 0x65) return undefined;
        i += 3;
      } else if (c === 0x66) {
        if (lines[i + 1] !== 0x61 || lines[i + 2] !== 0x6c || lines[i + 3] !== 0x73 || lines[i + 4] !== 0x65)
          return undefined;
        i += 4;
      } else if (c === 0x6e) {
        if (lines[i + 1] !== 0x75 || lines[i + 2] !== 0x6c || lines[i + 3] !== 0x6c) return undefined;
        i += 3;
      } else {
        const after = numberEnd(lines, i, end);
        if (after < 0) return undefined;
        i = after - 1;
      }
      want = AFTER;
    }
  }
  if (depth !== 0 || want !== AFTER || count === 0) return undefined;
  for (const at of between) bytes[at] = 0x0a;
  bytes[close] = 0x0a;
  return { envelope: { ...found.rest, data: [] }, count, lines: bytes.subarray(from, close + 1) };
}
