import { MAX_DEPTH, textTooDeepAt } from '../domain/depth.js';
import type { RawRead } from './raw.js';

/** One JSON value per line; blank lines are skipped. */
export function readNdjson(text: string): RawRead {
  const out: RawRead = { records: [], problems: [] };
  let line = 0;
  let from = 0;
  while (from <= text.length) {
    let to = text.indexOf('\n', from);
    if (to === -1) to = text.length;
    line++;
    const content = text.slice(from, to).trim();
    from = to + 1;
    if (content === '') continue;
    if (textTooDeepAt(content) >= 0) {
      out.problems.push({ line, path: '', message: `not read: nested deeper than ${MAX_DEPTH} levels` });
      continue;
    }
    try {
      out.records.push({ line, value: JSON.parse(content) });
    } catch (err) {
      const message = (err as Error).message.replace(/ in JSON at position \d+.*$/, '');
      out.problems.push({ line, path: '', message: `not valid JSON: ${message}` });
    }
  }
  return out;
}
