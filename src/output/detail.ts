import { isObject } from '../domain/objects.js';
import { fieldWords, shortTime } from './cells.js';
import { padEnd, textWidth, truncate } from './fit.js';
import { project } from './paths.js';
import type { Sink } from './sink.js';
import { terminalText } from './terminal-text.js';
import type { OutputOptions, RecordWriter } from './types.js';
import { viewOf } from './views.js';

const NONE = '<none>';

/**
 * One record as `kubectl describe` shows one: a `Field: value` line per field, in the record's order, with
 * nested objects and lists indented under their field. Timestamps are local and short as in a table; a long
 * text is cut to the terminal (`-o json` has it whole), never what identifies the record.
 */
export function createDetailWriter(sink: Sink, opts: OutputOptions): RecordWriter {
  const view = opts.view ?? viewOf(opts.kind!);
  const timestamps = new Set(view.columns.filter((c) => c.type === 'timestamp').map((c) => c.path));
  const identity = new Set(view.table.filter((t) => t.priority === 0).map((t) => t.path));
  const timeZone = opts.timeZone ?? 'UTC';
  const width = Number.isFinite(opts.width) && opts.width > 0 ? opts.width : Number.POSITIVE_INFINITY;
  let written = 0;

  const scalar = (value: unknown, path: string, room: number): string => {
    if (value === null || value === undefined || value === '') return NONE;
    if (typeof value === 'boolean') return value ? 'yes' : 'no';
    if (typeof value !== 'string')
      return terminalText(typeof value === 'object' ? JSON.stringify(value) : String(value));
    const text = timestamps.has(path) ? shortTime(value, timeZone) : terminalText(value);
    return identity.has(path) || textWidth(text) <= room ? text : truncate(text, Math.max(room, 10));
  };

  /** The lines of an object's fields at `indent` spaces, labels padded to one column. */
  const describe = (record: Record<string, unknown>, path: string, indent: number): string[] => {
    const entries = Object.entries(record);
    // A key is the service's text as much as a value is.
    const words = (key: string) => terminalText(fieldWords(key));
    const labelWidth = Math.max(0, ...entries.map(([k]) => textWidth(words(k)) + 1));
    const pad = ' '.repeat(indent);
    const lines: string[] = [];
    for (const [key, value] of entries) {
      const at = path ? `${path}.${key}` : key;
      const label = `${pad}${padEnd(`${words(key)}:`, labelWidth)}`;
      if (Array.isArray(value) && value.some(isObject)) {
        lines.push(label.trimEnd());
        for (const item of value) {
          // An element's own fields under a `- `, the way kubectl and YAML show a list of objects.
          const inner = isObject(item) ? describe(item, at, 0) : [scalar(item, at, width)];
          lines.push(...inner.map((line, i) => `${pad}  ${i === 0 ? '- ' : '  '}${line}`));
        }
      } else if (Array.isArray(value)) {
        const room = width - textWidth(label) - 1;
        lines.push(
          `${label} ${value.length === 0 ? NONE : scalar(value.map((v) => scalar(v, at, width)).join(', '), at, room)}`,
        );
      } else if (isObject(value)) {
        lines.push(label.trimEnd());
        lines.push(...describe(value, at, indent + 2));
      } else {
        lines.push(`${label} ${scalar(value, at, width - textWidth(label) - 1)}`);
      }
    }
    return lines;
  };

  return {
    async write(record) {
      const shown = opts.fields ? project(record, opts.fields) : (record as Record<string, unknown>);
      const lines = describe(shown, '', 0);
      await sink.write(`${written++ > 0 ? '\n' : ''}${lines.join('\n')}\n`);
    },
    async end() {},
  };
}
