// PostgreSQL's habits for the shared column definitions (../columns.ts): numbered parameters, arrays bound as
// one parameter each (unnest) for set-wise writes, COPY's text format, and the scope walks of ../scope.ts.

import { serialKey as domainSerialKey } from '../../../domain/serial-key.js';
import type { ColumnType, Entity } from '../columns.js';
import { MAX_TREE_DEPTH } from '../scope.js';

/** How one statement is run: object rows, or rows as arrays in the selected columns' order. */
export interface Sql {
  rows<R = Record<string, unknown>>(text: string, values?: readonly unknown[]): Promise<R[]>;
  arrays(text: string, values?: readonly unknown[]): Promise<unknown[][]>;
  /** How many rows the statement wrote. */
  run(text: string, values?: readonly unknown[]): Promise<number>;
}

/** The SQL type of a column's array for unnest(): text, or int8 for numbers (flags, stamps, counts). */
export function pgType(type: ColumnType | 'text'): 'text' | 'int8' {
  return type === 'key' || type === 'text' || type === 'secret' || type === 'json' ? 'text' : 'int8';
}

/** `INSERT INTO t (c...) VALUES ($1...)`, with `conflict` an upsert rewriting every column but the key and `keep`. */
export function insertSql(
  table: string,
  columns: readonly string[],
  conflict?: { key: string; keep: readonly string[] },
): string {
  const insert = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`;
  if (!conflict) return insert;
  const keys = new Set([...conflict.key.split(',').map((k) => k.trim()), ...conflict.keep]);
  const sets = columns.filter((c) => !keys.has(c)).map((c) => `${c} = EXCLUDED.${c}`);
  return `${insert} ON CONFLICT (${conflict.key}) DO ${sets.length ? `UPDATE SET ${sets.join(', ')}` : 'NOTHING'}`;
}

/**
 * `INSERT INTO t (c...) SELECT * FROM unnest($1::text[], $2::int8[] ...)`: a whole batch in one statement, each
 * column bound as one array (so a statement's parameters do not grow with the batch).
 */
export function insertManySql(
  table: string,
  columns: readonly { column: string; type: 'text' | 'int8' }[],
): string {
  const arrays = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  return `INSERT INTO ${table} (${columns.map((c) => c.column).join(', ')}) SELECT * FROM unnest(${arrays})`;
}

/** The column arrays of `rows` for insertManySql, in `columns` order. */
export function columnArrays(
  rows: readonly Record<string, unknown>[],
  columns: readonly { column: string }[],
): unknown[][] {
  return columns.map((c) => rows.map((r) => r[c.column] ?? null));
}

/** The typed columns of an entity (after `extra`, all text). */
export function typedColumns(
  entity: Entity,
  extra: readonly string[] = [],
): { column: string; type: 'text' | 'int8' }[] {
  return [
    ...extra.map((column) => ({ column, type: 'text' as const })),
    ...entity.map((c) => ({ column: c.column, type: pgType(c.type) })),
  ];
}

/** `SET c = $n ...` for the fields of `patch` that `fields` names; parameters numbered from `from`. */
export function updateSets(
  entity: Entity,
  fields: readonly string[],
  patch: object,
  from: number,
): { sets: string[]; values: unknown[] } {
  const p = patch as Record<string, unknown>;
  const sets: string[] = [];
  const values: unknown[] = [];
  for (const c of entity) {
    if (!fields.includes(c.field) || p[c.field] === undefined) continue;
    const v = p[c.field];
    values.push(typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null));
    sets.push(`${c.column} = $${from + values.length - 1}`);
  }
  return { sets, values };
}

/** A value in COPY's text format: \N for null, backslash escapes for the characters that end a field or row. */
export function copyField(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  const s = String(v);
  return /[\\\t\n\r]/.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : s;
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A row as one line of COPY's text format: its columns' values in order, tab-separated. */
export function copyLine(row: Record<string, unknown>, columns: readonly { column: string }[]): string {
  // A loop of concatenations: a map and a join made two arrays a row, a million rows an import.
  let line = copyField(row[columns[0]!.column]);
  for (let i = 1; i < columns.length; i++) line += `\t${copyField(row[columns[i]!.column])}`;
  return `${line}\n`;
}

/** `$root` and every organization below it, as the CTE `scope(uuid)`: `IN (SELECT uuid FROM scope)`. */
export const scopeCte = (root: string) => `WITH RECURSIVE scope(uuid, depth) AS (
    SELECT uuid, 0 FROM organizations WHERE uuid = ${root} UNION
    SELECT o.uuid, scope.depth + 1 FROM organizations o JOIN scope ON o.parent_uuid = scope.uuid
      WHERE scope.depth < ${MAX_TREE_DEPTH}
  )`;

/** One row when `$1` (root) is `$2` (target) or one of its ancestors: the walk goes up from the target. */
export const ANCESTRY_CHECK = `WITH RECURSIVE up(uuid, depth) AS (
    SELECT $2::text COLLATE "C", 0 UNION ALL
    SELECT o.parent_uuid, up.depth + 1 FROM organizations o JOIN up ON o.uuid = up.uuid
      WHERE o.parent_uuid IS NOT NULL AND up.depth < ${MAX_TREE_DEPTH}
  ) SELECT 1 AS one FROM up WHERE uuid = $1 LIMIT 1`;

/** The serial number as compared for uniqueness within an organization (domain serialKey); null for none. */
export function serialKey(serial: unknown): string | null {
  return serial == null ? null : domainSerialKey(String(serial));
}
