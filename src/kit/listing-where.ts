import { isTimestampText, parseTimestamp, TIMESTAMP_FIELDS } from '../domain/instant.js';
import type { View } from '../output/index.js';

/** One --where condition: FIELD=VALUE, FIELD!=VALUE, or FIELD~TEXT (case-insensitive substring). */
export interface Condition {
  path: string;
  op: '=' | '!=' | '~';
  value: string;
}

const CONDITION = /^([^=!~]+?)\s*(!=|=|~)(.*)$/s;

/** Parses --where conditions and checks each field against the view; throws the message of a usage error. */
export async function parseWhere(texts: readonly string[], view: View): Promise<Condition[]> {
  const { checkPath } = await import('../output/index.js');
  return texts.map((text) => {
    const m = CONDITION.exec(text);
    if (!m) throw new Error(`--where "${text}": expected FIELD=VALUE, FIELD!=VALUE or FIELD~TEXT`);
    const path = checkPath(view, m[1]!.trim(), '--where field');
    return { path, op: m[2] as Condition['op'], value: m[3]! };
  });
}

/** A value as --where compares it: true/false, numbers as written, null and missing as ''. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Whether a record meets every condition. A path into a list (`edgeFlows.flowId`) holds when any element
 * matches; `!=` holds when none equals the value.
 */
export function matchesAll(
  record: object,
  conditions: readonly Condition[],
  leafValues: (record: unknown, path: string) => unknown[],
): boolean {
  return conditions.every((c) => {
    const values = leafValues(record, c.path);
    if (values.length === 0) values.push(undefined);
    if (c.op === '~') {
      const wanted = c.value.toLowerCase();
      return values.some((v) => text(v).toLowerCase().includes(wanted));
    }
    const equal = values.some((v) => text(v) === c.value);
    return c.op === '=' ? equal : !equal;
  });
}

/** Records that meet the conditions, as they stream, stopping after `limit` of them. */
export async function* whereFilter<T extends object>(
  records: AsyncIterable<T>,
  conditions: readonly Condition[],
  limit = Number.POSITIVE_INFINITY,
): AsyncGenerator<T> {
  if (limit <= 0) return;
  const { leafValues } = await import('../output/index.js');
  let kept = 0;
  for await (const record of records) {
    if (!matchesAll(record, conditions, leafValues)) continue;
    yield record;
    if (++kept >= limit) return;
  }
}

function compare(a: unknown, b: unknown): number {
  const missingA = a === null || a === undefined;
  const missingB = b === null || b === undefined;
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return text(a).localeCompare(text(b), undefined, { numeric: true });
}

/**
 * The key a record sorts by: a timestamp field's instant (the service writes several forms, which sort
 * wrongly as text), else the value itself.
 */
function sortKey(value: unknown, timestampField: boolean): unknown {
  if (value === null || value === undefined) return value;
  if (timestampField || (typeof value === 'string' && isTimestampText(value))) {
    return parseTimestamp(value) ?? value;
  }
  return value;
}

/**
 * --sort-by: reads every record first (a sort cannot start before the last one came), then orders them
 * by the field, missing values last; a path into a list sorts by its first element; timestamps by instant.
 */
export async function sortRecords<T extends object>(records: AsyncIterable<T>, path: string): Promise<T[]> {
  const { valuesAt } = await import('../output/index.js');
  const timestampField = TIMESTAMP_FIELDS.has(path.split('.').pop() ?? '');
  const keyed: { key: unknown; record: T }[] = [];
  for await (const record of records) {
    keyed.push({ key: sortKey(valuesAt(record, path).values[0], timestampField), record });
  }
  keyed.sort((x, y) => compare(x.key, y.key));
  return keyed.map((k) => k.record);
}
