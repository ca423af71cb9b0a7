import { parseTimestamp, TIMESTAMP_FIELDS } from '../domain/instant.js';
import type { View } from '../output/index.js';

/** The comparisons --where knows: equality and substring on text, order on numbers and timestamps. */
export type WhereOp = '=' | '!=' | '~' | '<' | '<=' | '>' | '>=';

/**
 * One --where condition. `instant` (a timestamp field, or a value written as a timestamp) compares by
 * instant with the one timestamp reader; `number` compares numerically.
 */
export interface Condition {
  path: string;
  op: WhereOp;
  value: string;
  /** For <, <=, > and >=, and for = and != on a timestamp field: what the value is compared as. */
  order?: { as: 'instant' | 'number'; at: number };
}

// The longest operator first: `<=` before `<`, `!=` before `=`.
const CONDITION = /^([^=!~<>]+?)\s*(!=|<=|>=|=|~|<|>)(.*)$/s;
const ORDER_OPS: ReadonlySet<WhereOp> = new Set(['<', '<=', '>', '>=']);
const SHAPES =
  'FIELD=VALUE, FIELD!=VALUE, FIELD~TEXT, or FIELD<VALUE (<, <=, >, >= on numbers and timestamps)';

/** Whether a field holds instants: by the view's column type, else by the interface's timestamp names. */
function holdsInstants(view: View, path: string): boolean {
  const type = view.columnsAt(path, false)[0]?.type;
  return type === 'timestamp' || type === 'date' || TIMESTAMP_FIELDS.has(path.split('.').pop() ?? '');
}

/** A number as a person writes one (`1000`, `-2.5`), not `''` or `0x10`. */
function numberOf(text: string): number | undefined {
  return /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(text) ? Number(text) : undefined;
}

/**
 * Parses --where conditions and checks each field against the view (`check` resolves a field's name, an
 * alias included); throws the message of a usage error.
 */
export function parseWhere(
  texts: readonly string[],
  view: View,
  check: (view: View, path: string, what: string) => string,
): Condition[] {
  return texts.map((text) => {
    const m = CONDITION.exec(text);
    if (!m) throw new Error(`--where "${text}": expected ${SHAPES}`);
    const path = check(view, m[1]!.trim(), '--where field');
    const op = m[2] as WhereOp;
    const value = m[3]!;
    const instants = holdsInstants(view, path);
    if (ORDER_OPS.has(op)) {
      const instant = parseTimestamp(value.trim());
      const number = numberOf(value);
      if (instants && instant !== undefined)
        return { path, op, value, order: { as: 'instant', at: instant } };
      if (!instants && number !== undefined) return { path, op, value, order: { as: 'number', at: number } };
      if (instant !== undefined) return { path, op, value, order: { as: 'instant', at: instant } };
      throw new Error(
        instants
          ? `--where "${text}": ${path} holds timestamps: compare it with a date or a timestamp (2026-01-31, 2026-01-31T09:00:00Z)`
          : `--where "${text}": ${op} compares numbers and timestamps, and "${value}" is neither`,
      );
    }
    if ((op === '=' || op === '!=') && instants) {
      const instant = parseTimestamp(value.trim());
      if (instant !== undefined) return { path, op, value, order: { as: 'instant', at: instant } };
    }
    return { path, op, value };
  });
}

/** A value as --where compares it: true/false, numbers as written, null and missing as ''. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A record's value as an ordered condition reads it, or undefined when it is not one (then it never holds). */
function orderValue(value: unknown, as: 'instant' | 'number'): number | undefined {
  if (as === 'instant') return parseTimestamp(value);
  if (typeof value === 'number') return value;
  return typeof value === 'string' ? numberOf(value) : undefined;
}

function holds(c: Condition, v: unknown): boolean {
  if (c.op === '~') return text(v).toLowerCase().includes(c.value.toLowerCase());
  if (c.op === '=' || c.op === '!=') {
    if (text(v) === c.value) return true;
    return c.order !== undefined && orderValue(v, c.order.as) === c.order.at;
  }
  const n = orderValue(v, c.order!.as);
  if (n === undefined) return false;
  const at = c.order!.at;
  return c.op === '<' ? n < at : c.op === '<=' ? n <= at : c.op === '>' ? n > at : n >= at;
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
    if (c.op === '!=') return !values.some((v) => holds({ ...c, op: '=' }, v));
    return values.some((v) => holds(c, v));
  });
}

/** Records that meet the conditions, as they stream, stopping after `limit` of them. */
export async function* whereFilter<T extends object>(
  records: AsyncIterable<T>,
  conditions: readonly Condition[],
  limit = Number.POSITIVE_INFINITY,
  /** Told every record read, kept or not (what an empty page's note counts). */
  read?: () => void,
): AsyncGenerator<T> {
  if (limit <= 0) return;
  const { leafValues } = await import('../output/index.js');
  let kept = 0;
  for await (const record of records) {
    read?.();
    if (!matchesAll(record, conditions, leafValues)) continue;
    yield record;
    if (++kept >= limit) return;
  }
}

/** The conditions as the user wrote them, for a note: `--where location=pune --where port>1000`. */
export function whereText(conditions: readonly Condition[]): string {
  return conditions.map((c) => `--where ${c.path}${c.op}${c.value}`).join(' ');
}
