import { formatDate, formatTimestamp, parseTimestamp } from '../../domain/instant.js';
import { toBool } from './values.js';

/**
 * How a record field is kept in a column. `key` is text never null (the record's uuid); `text` and `integer` are
 * stored as given; `boolean` as 1/0;
 * `stamp` is a server-set instant (epoch ms, never null) shown as a wire timestamp, `date` the same shown as
 * YYYY-MM-DD; `instant` is a client-given timestamp (epoch ms or null); `json` an object or array kept as JSON
 * text; `secret` is text that is stored but never shown (decisions.md, "Secrets").
 */
export type ColumnType =
  | 'key'
  | 'text'
  | 'integer'
  | 'boolean'
  | 'stamp'
  | 'date'
  | 'instant'
  | 'json'
  | 'secret';

export interface Column {
  readonly field: string;
  readonly column: string;
  readonly type: ColumnType;
}

/** One entity's table: every column once, in the order its record shows its fields. */
export type Entity = readonly Column[];

/** A field's column by the tables' convention: snake_case, a run of capitals one word (orgUUID: org_uuid). */
type SnakeCase<S extends string, AfterCapital extends boolean = true> = S extends `${infer C}${infer Rest}`
  ? C extends Lowercase<C>
    ? `${C}${SnakeCase<Rest, false>}`
    : `${AfterCapital extends true ? '' : '_'}${Lowercase<C>}${SnakeCase<Rest, true>}`
  : '';

const snakeCase = (field: string) => field.replace(/(?<=[^A-Z])[A-Z]/g, (c) => `_${c}`).toLowerCase();

/**
 * Columns of one type, each named for its field by the convention (createdBy: created_by), for an entity's
 * table to spread in its order. A column named otherwise is written out as a Column.
 */
export function fieldsAs<const T extends ColumnType, const F extends readonly string[]>(
  type: T,
  ...fields: F
): { readonly [I in keyof F]: { readonly field: F[I]; readonly column: SnakeCase<F[I]>; readonly type: T } } {
  return fields.map((field) => ({ field, column: snakeCase(field), type })) as never;
}

type SqlType<T extends ColumnType> = T extends 'stamp' | 'date'
  ? number
  : T extends 'key'
    ? string
    : T extends 'text' | 'secret' | 'json'
      ? string | null
      : number | null;

/** The row SQLite returns for an entity: its type follows from the table, so a column cannot be missed. */
export type RowOf<E extends Entity> = { [C in E[number] as C['column']]: SqlType<C['type']> };

/** What a response carries in place of a stored secret. */
export const MASK = '********';

/** The one conversion of a record's value to a column's: booleans as 1/0, absent as NULL. */
export function sqlValue(v: unknown): unknown {
  return typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null);
}

function shown(v: unknown, type: ColumnType, tz: string): unknown {
  switch (type) {
    case 'boolean':
      return toBool(v);
    case 'stamp':
      return formatTimestamp(v as number, tz);
    case 'date':
      return formatDate(v as number, tz);
    case 'instant':
      return v == null ? null : formatTimestamp(v as number, tz);
    case 'json':
      return v == null ? null : JSON.parse(v as string);
    case 'secret':
      return v == null ? null : MASK;
    default:
      return v;
  }
}

/** The record fields of a row, in the entity's order. */
export function fromRow<R>(entity: Entity, row: object, tz: string): R {
  const r = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const c of entity) out[c.field] = shown(r[c.column], c.type, tz);
  return out as R;
}

/** Builds the record of a raw row: the entity's columns as an array, from `start`. */
export type RecordOf<R> = (values: readonly unknown[], tz: string, start?: number) => R;

/** Types shown as SQLite returns them. */
const AS_IS = new Set<ColumnType>(['key', 'text', 'integer']);

/**
 * The builder of an entity's records from raw rows (reading rows as arrays spares SQLite's driver building
 * an object per row only for this to copy it). It is made once, as one object literal of the entity's
 * fields, as better-sqlite3 makes its own row objects: every record has the same shape from its start,
 * which V8 builds about three times faster than an object filled key by key, and JSON.stringify writes
 * faster (a page of 100 devices: 12 us against 35 to build). Its source holds only the entity's own field
 * names and types, quoted by JSON.stringify.
 */
export function recordOf<R>(entity: Entity): RecordOf<R> {
  const fields = entity.map((c, i) => {
    const value = `v[s + ${i}]`;
    return `${JSON.stringify(c.field)}: ${AS_IS.has(c.type) ? value : `shown(${value}, ${JSON.stringify(c.type)}, tz)`}`;
  });
  const make = new Function('shown', `return (v, tz, s = 0) => ({ ${fields.join(', ')} });`);
  return make(shown) as RecordOf<R>;
}

function stored(v: unknown, type: ColumnType): unknown {
  if (type === 'instant') return parseTimestamp(v as string | null | undefined) ?? null;
  if (type === 'json') return v ? JSON.stringify(v) : null;
  return sqlValue(v);
}

/** The row of a record: each field's SQL value, `set` giving the columns the caller decides (keys, stamps). */
export function toRow<E extends Entity>(entity: E, record: object, set: Partial<RowOf<E>>): RowOf<E> {
  const r = record as Record<string, unknown>;
  const s = set as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (let i = 0; i < entity.length; i++) {
    const c = entity[i]!;
    out[c.column] = c.column in s ? s[c.column] : stored(r[c.field], c.type);
  }
  return out as RowOf<E>;
}

/** True when SQLite stores and returns every value of the row unchanged (text as text, integers as integers). */
export function storedAsIs(entity: Entity, row: object): boolean {
  const r = row as Record<string, unknown>;
  // A plain loop: this runs for every row a bulk add writes.
  for (let i = 0; i < entity.length; i++) {
    const { column, type } = entity[i]!;
    const v = r[column];
    if (v === null) {
      if (type === 'key' || type === 'stamp' || type === 'date') return false;
    } else if (type === 'key' || type === 'text' || type === 'secret' || type === 'json') {
      if (typeof v !== 'string') return false;
    } else if (!Number.isSafeInteger(v)) return false;
  }
  return true;
}

/** Column names, for SQL. */
export const columnsOf = (entity: Entity, extra: readonly string[] = []): string[] => [
  ...extra,
  ...entity.map((c) => c.column),
];

/**
 * `INSERT INTO table (columns) VALUES (?, ...)`, positional in `columns` order (binding an array is cheaper than
 * a named object); with `conflict`, an upsert that rewrites every column but the key and `keep`.
 */
export function insertSql(
  table: string,
  columns: readonly string[],
  conflict?: { key: string; keep: readonly string[] },
): string {
  const insert = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
  if (!conflict) return insert;
  const keys = new Set([...conflict.key.split(',').map((k) => k.trim()), ...conflict.keep]);
  const sets = columns.filter((c) => !keys.has(c)).map((c) => `${c} = excluded.${c}`);
  return `${insert} ON CONFLICT (${conflict.key}) DO UPDATE SET ${sets.join(', ')}`;
}

/** The values of a row in `columns` order, for a statement from insertSql. */
export const bind = (row: object, columns: readonly string[]): unknown[] =>
  columns.map((c) => (row as Record<string, unknown>)[c]);

/** `UPDATE table SET ... WHERE key = @key` for the fields of `patch` that the entity's `fields` list names. */
export function updateOf(
  entity: Entity,
  fields: readonly string[],
  patch: object,
): { sets: string[]; params: Record<string, unknown> } {
  const p = patch as Record<string, unknown>;
  const sets: string[] = [];
  const params: Record<string, unknown> = {};
  for (const c of entity) {
    if (!fields.includes(c.field) || p[c.field] === undefined) continue;
    sets.push(`${c.column} = @${c.column}`);
    params[c.column] = sqlValue(p[c.field]);
  }
  return { sets, params };
}
