import { isObject } from '../domain/objects.js';
import { fieldWords, shortTime } from './cells.js';
import { padEnd, textWidth, truncate } from './fit.js';
import { project } from './paths.js';
import type { Sink } from './sink.js';
import { terminalText } from './terminal-text.js';
import type { OutputOptions, RecordWriter } from './types.js';
import { viewOf } from './views.js';

const NONE = '<none>';
/** Fewer columns than this beside a label, and a long value goes on the next line instead. */
const MIN_ROOM = 12;

/**
 * One record as `kubectl describe` shows one: a `Field: value` line per field, in the record's order, with
 * nested objects and lists indented under their field. Timestamps are local and short as in a table; a long
 * text is cut to the terminal (`-o json` has it whole), never what identifies the record.
 */
export function createDetailWriter(sink: Sink, opts: OutputOptions): RecordWriter {
  const view = opts.view ?? viewOf(opts.kind!);
  const timestamps = new Set(view.columns.filter((c) => c.type === 'timestamp').map((c) => c.path));
  const identity = new Set(view.table.filter((t) => t.priority === 0 && !t.cut).map((t) => t.path));
  const timeZone = opts.timeZone ?? 'UTC';
  const width = Number.isFinite(opts.width) && opts.width > 0 ? opts.width : Number.POSITIVE_INFINITY;
  let written = 0;

  /** A value as one line of text, whole. */
  const text = (value: unknown, path: string): string => {
    if (value === null || value === undefined || value === '') return NONE;
    if (typeof value === 'boolean') return value ? 'yes' : 'no';
    if (typeof value !== 'string')
      return terminalText(typeof value === 'object' ? JSON.stringify(value) : String(value));
    return timestamps.has(path) ? shortTime(value, timeZone) : terminalText(value);
  };

  /**
   * `label value` as the lines `lead` columns in: a value too long for the line is cut with `…` (-o json has
   * it whole), or, when it identifies the record or too little room is left beside its label, goes whole
   * (or cut) on the next line, two spaces in.
   */
  const field = (label: string, value: string, path: string, lead: number, indent: number): string[] => {
    const room = width - lead - textWidth(label) - 1;
    if (textWidth(value) <= room) return [`${label} ${value}`];
    if (!identity.has(path) && room >= MIN_ROOM) return [`${label} ${truncate(value, room)}`];
    const under = ' '.repeat(indent + 2);
    const below = width - lead - under.length;
    return [label.trimEnd(), `${under}${identity.has(path) ? value : truncate(value, Math.max(below, 1))}`];
  };

  /** The lines of an object's fields at `indent` spaces, labels padded to one column; `lead` columns precede each line. */
  const describe = (
    record: Record<string, unknown>,
    path: string,
    indent: number,
    lead: number,
  ): string[] => {
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
          const inner = isObject(item)
            ? describe(item, at, 0, lead + indent + 4)
            : [truncate(text(item, at), width - lead - indent - 4)];
          lines.push(...inner.map((line, i) => `${pad}  ${i === 0 ? '- ' : '  '}${line}`));
        }
      } else if (Array.isArray(value)) {
        const joined = value.length === 0 ? NONE : value.map((v) => text(v, at)).join(', ');
        lines.push(...field(label, joined, at, lead, indent));
      } else if (isObject(value)) {
        lines.push(label.trimEnd());
        lines.push(...describe(value, at, indent + 2, lead));
      } else {
        lines.push(...field(label, text(value, at), at, lead, indent));
      }
    }
    return lines;
  };

  return {
    async write(record) {
      const shown = opts.fields ? project(record, opts.fields) : (record as Record<string, unknown>);
      const lines = describe(shown, '', 0, 0);
      await sink.write(`${written++ > 0 ? '\n' : ''}${lines.join('\n')}\n`);
    },
    async end() {},
  };
}
