import { MAX_DEPTH, textTooDeepAt } from '../domain/depth.js';
import { LineIndex } from './lines.js';
import type { RawRead } from './raw.js';

const WS = new Set([' ', '\t', '\n', '\r']);

function skipWs(text: string, i: number): number {
  while (i < text.length && WS.has(text[i]!)) i++;
  return i;
}

function skipString(text: string, i: number): number {
  // text[i] is the opening quote
  for (i++; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '"') return i + 1;
  }
  return i;
}

/** Index just past the JSON value starting at `i`; the text is already known to be valid JSON. */
function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (; i < text.length; i++) {
      const d = text[i];
      if (d === '"') i = skipString(text, i) - 1;
      else if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    return i;
  }
  while (i < text.length && !WS.has(text[i]!) && text[i] !== ',' && text[i] !== ']' && text[i] !== '}') i++;
  return i;
}

/** Offsets where each element of the array starting at `start` (a `[`) begins. */
function elementOffsets(text: string, start: number): number[] {
  const offsets: number[] = [];
  let i = skipWs(text, start + 1);
  while (i < text.length && text[i] !== ']') {
    offsets.push(i);
    i = skipWs(text, skipValue(text, i));
    if (text[i] === ',') i = skipWs(text, i + 1);
  }
  return offsets;
}

/** Offset of the value of the last top-level `data` key of the object starting at `start`. */
function dataOffset(text: string, start: number): number | undefined {
  let found: number | undefined;
  let i = skipWs(text, start + 1);
  while (i < text.length && text[i] === '"') {
    const keyEnd = skipString(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipWs(text, skipWs(text, keyEnd) + 1); // past ':'
    if (key === 'data') found = i;
    i = skipWs(text, skipValue(text, i));
    if (text[i] === ',') i = skipWs(text, i + 1);
  }
  return found;
}

/** Where JSON.parse stopped, from its message ("... at position 17" or "(line 3 column 5)"). */
function syntaxErrorLine(err: Error, lines: LineIndex): number {
  const lc = /line (\d+) column \d+/.exec(err.message);
  if (lc) return Number(lc[1]);
  const pos = /at position (\d+)/.exec(err.message);
  if (pos) return lines.lineAt(Number(pos[1]));
  return 1;
}

/**
 * A JSON array of records, an envelope `{data: [...]}`, or one record. Each record's line is the line of
 * its first character (the opening brace).
 */
export function readJson(text: string): RawRead {
  const lines = new LineIndex(text);
  const deep = textTooDeepAt(text);
  if (deep >= 0) {
    return {
      records: [],
      problems: [
        { line: lines.lineAt(deep), path: '', message: `not read: nested deeper than ${MAX_DEPTH} levels` },
      ],
    };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    const e = err as Error;
    const message = e.message
      .replace(/\s*\(line \d+ column \d+\)/, '')
      .replace(/ in JSON at position \d+.*$/, '');
    return {
      records: [],
      problems: [{ line: syntaxErrorLine(e, lines), path: '', message: `not valid JSON: ${message}` }],
    };
  }
  const start = skipWs(text, 0);
  let array: unknown[];
  let arrayStart: number;
  if (Array.isArray(doc)) {
    array = doc;
    arrayStart = start;
  } else if (doc !== null && typeof doc === 'object' && 'data' in doc) {
    const data = (doc as { data: unknown }).data;
    const at = dataOffset(text, start);
    if (!Array.isArray(data) || at === undefined) {
      return {
        records: [],
        problems: [
          {
            line: lines.lineAt(at ?? start),
            path: 'data',
            message: 'an envelope must hold an array in data',
          },
        ],
      };
    }
    array = data;
    arrayStart = at;
  } else {
    return { records: [{ line: lines.lineAt(start), value: doc }], problems: [] };
  }
  const offsets = elementOffsets(text, arrayStart);
  return {
    records: array.map((value, k) => ({ line: lines.lineAt(offsets[k] ?? arrayStart), value })),
    problems: [],
  };
}
