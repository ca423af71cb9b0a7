import type { RecordKind } from '../domain/index.js';
import type { View } from './types.js';
import { viewOf } from './views.js';

export { project as pickFields } from './paths.js';

/** An unknown or empty --fields list; `valid` holds the top-level field names of the records. */
export class FieldsError extends Error {
  readonly valid: string[];

  constructor(message: string, valid: string[]) {
    super(message);
    this.name = 'FieldsError';
    this.valid = valid;
  }
}

/** The top-level names of a view's records, in order. */
export function topFields(view: View): string[] {
  return [...new Set(view.columns.map((c) => c.path.split('.')[0]!))];
}

/** Checks one dot path against the view (for --fields, --where and --sort-by); throws FieldsError. */
export function checkPath(view: View, path: string, what = 'field'): string {
  if (view.hasPath(path)) return path;
  const valid = topFields(view);
  throw new FieldsError(`unknown ${what} "${path}"; valid fields: ${valid.join(', ')}`, valid);
}

/** Parses `a,b.c,d` and checks each dot path against the records' schema. */
export function resolveFields(target: RecordKind | View, csv: string): string[] {
  const view = typeof target === 'string' ? viewOf(target) : target;
  const valid = topFields(view);
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
  const unknown = names.filter((n) => !view.hasPath(n));
  if (unknown.length > 0) {
    const label = unknown.length === 1 ? 'field' : 'fields';
    throw new FieldsError(
      `unknown ${label} ${unknown.map((n) => `"${n}"`).join(', ')}; valid fields: ${valid.join(', ')}`,
      valid,
    );
  }
  return names;
}
