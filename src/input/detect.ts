import { extname } from 'node:path';

export type InputFormat = 'json' | 'ndjson' | 'csv' | 'yaml';
export const INPUT_FORMATS: readonly InputFormat[] = ['json', 'ndjson', 'csv', 'yaml'];

const BY_EXTENSION: Record<string, InputFormat> = {
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.csv': 'csv',
  '.yaml': 'yaml',
  '.yml': 'yaml',
};

export function formatFromPath(path: string): InputFormat | undefined {
  return BY_EXTENSION[extname(path).toLowerCase()];
}

/**
 * Tells the format from the content: `[` is a JSON array; `{` is NDJSON when the first line is a whole
 * object and more lines follow, JSON otherwise (a pretty-printed envelope or a single record); a YAML
 * document start (`---`) or sequence item (`- `) is YAML; anything else is CSV.
 */
export function formatFromContent(text: string): InputFormat {
  const start = text.search(/\S/);
  if (start === -1) return 'json';
  if (text[start] === '[') return 'json';
  if (/^(---|- )/.test(text.slice(start, start + 4))) return 'yaml';
  if (text[start] !== '{') return 'csv';
  const end = text.indexOf('\n', start);
  if (end === -1 || text.slice(end).trim() === '') return 'json';
  try {
    JSON.parse(text.slice(start, end));
    return 'ndjson';
  } catch {
    return 'json';
  }
}
