import { type RecordKind, recordFields } from '../domain/index.js';

/** An unknown or empty --fields list; `valid` holds the field names the record kind has. */
export class FieldsError extends Error {
  readonly valid: string[];

  constructor(message: string, valid: string[]) {
    super(message);
    this.name = 'FieldsError';
    this.valid = valid;
  }
}

/** Parses `a,b,c` and checks each name against the kind's top-level schema fields. */
export function resolveFields(kind: RecordKind, csv: string): string[] {
  const valid = recordFields(kind);
  const names = [
    ...new Set(
      csv
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
  if (names.length === 0) {
    throw new FieldsError(`--fields needs at least one field name; valid fields: ${valid.join(', ')}`, valid);
  }
  const known = new Set(valid);
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0) {
    const label = unknown.length === 1 ? 'field' : 'fields';
    throw new FieldsError(
      `unknown ${label} ${unknown.map((n) => `"${n}"`).join(', ')}; valid fields: ${valid.join(', ')}`,
      valid,
    );
  }
  return names;
}

/** The record with only `fields`, in that order; a field the record lacks is null, so every row has the same shape. */
export function pickFields(record: object, fields: readonly string[]): Record<string, unknown> {
  const source = record as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const f of fields) picked[f] = source[f] ?? null;
  return picked;
}
