import { isMap, isSeq, LineCounter, type Node, parseAllDocuments } from 'yaml';
import type { InputProblem } from './problems.js';
import type { RawRead, RawRecord } from './raw.js';

/**
 * YAML: a sequence of records, an envelope `{data: [...]}`, one record, or several documents (`---`) each
 * holding any of those. Each record's line is the line its node starts on, as for JSON.
 */
export function readYaml(text: string): RawRead {
  const counter = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: counter, prettyErrors: false });
  const lineOf = (offset: number | undefined) => counter.linePos(offset ?? 0).line;
  const problems: InputProblem[] = [];
  const records: RawRecord[] = [];
  // parseAllDocuments returns an EmptyStream (no documents, no errors) for an empty text.
  for (const doc of Array.isArray(docs) ? docs : []) {
    if (doc.errors.length > 0) {
      for (const e of doc.errors) {
        const message = e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
        problems.push({ line: lineOf(e.pos[0]), path: '', message: `not valid YAML: ${message}` });
      }
      continue;
    }
    let node: Node | null = doc.contents;
    if (node === null) continue;
    // Values come from the whole document, so anchors and aliases resolve; lines from the nodes.
    let value: unknown = doc.toJS({ maxAliasCount: 1000 });
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
