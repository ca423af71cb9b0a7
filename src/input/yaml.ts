import { isMap, isSeq, LineCounter, type Node, parseAllDocuments } from 'yaml';
import { MAX_DEPTH, valueTooDeep } from '../domain/depth.js';
import type { InputProblem } from './problems.js';
import type { RawRead, RawRecord } from './raw.js';

const MAX_ALIASES = 1000;
const TOO_DEEP = `nested deeper than ${MAX_DEPTH} levels`;

/**
 * YAML: a sequence of records, an envelope `{data: [...]}`, one record, or several documents (`---`) each
 * holding any of those. Each record's line is the line its node starts on, as for JSON.
 */
export function readYaml(text: string): RawRead {
  const counter = new LineCounter();
  const lineOf = (offset: number | undefined) => counter.linePos(offset ?? 0).line;
  let docs: ReturnType<typeof parseAllDocuments>;
  try {
    docs = parseAllDocuments(text, { lineCounter: counter, prettyErrors: false });
  } catch (err) {
    // The parser recurses into flow collections: thousands of `[` overflow the stack.
    if (!(err instanceof RangeError)) throw err;
    return { records: [], problems: [{ line: 1, path: '', message: `not read: ${TOO_DEEP}` }] };
  }
  const problems: InputProblem[] = [];
  const records: RawRecord[] = [];
  // parseAllDocuments returns an EmptyStream (no documents, no errors) for an empty text.
  for (const doc of Array.isArray(docs) ? docs : []) {
    if (doc.errors.length > 0) {
      for (const e of doc.errors) {
        const message = e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
        // The parser catches its own stack overflow: a document nested too deeply, not a syntax error.
        const said = /call stack/i.test(message) ? `not read: ${TOO_DEEP}` : `not valid YAML: ${message}`;
        problems.push({ line: lineOf(e.pos[0]), path: '', message: said });
      }
      continue;
    }
    let node: Node | null = doc.contents;
    if (node === null) continue;
    // Values come from the whole document, so anchors and aliases resolve; lines from the nodes.
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIASES });
    } catch (err) {
      // The yaml package throws a ReferenceError when aliases expand past maxAliasCount (a "billion laughs").
      if (!(err instanceof ReferenceError || err instanceof RangeError)) throw err;
      const message =
        err instanceof RangeError ? TOO_DEEP : `its aliases expand past the limit of ${MAX_ALIASES}`;
      problems.push({ line: lineOf(node.range?.[0]), path: '', message: `not read: ${message}` });
      continue;
    }
    if (valueTooDeep(value)) {
      problems.push({ line: lineOf(node.range?.[0]), path: '', message: `not read: ${TOO_DEEP}` });
      continue;
    }
    if (isMap(node) && node.has('data')) {
      const data = node.get('data', true) as Node | undefined;
      if (!isSeq(data)) {
        problems.push({
          line: lineOf(data?.range?.[0] ?? node.range?.[0]),
          path: 'data',
          message: 'an envelope must hold a sequence in data',
        });
        continue;
      }
      node = data;
      value = (value as { data: unknown }).data;
    }
    if (isSeq(node)) {
      const values = value as unknown[];
      (node.items as Node[]).forEach((item, k) => {
        records.push({ line: lineOf(item?.range?.[0] ?? node?.range?.[0]), value: values[k] ?? null });
      });
    } else records.push({ line: lineOf(node.range?.[0]), value });
  }
  return { records, problems };
}
