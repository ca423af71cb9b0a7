import type { RecordKind } from '../domain/index.js';
import { Closest, didYouMean } from '../domain/suggest.js';
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

const squash = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

/**
 * The field a path names as a person types it: the path itself, else its first step read as one of the
 * view's aliases (`serial`, `ip`, `long-description`) or as a field's name in any case (`serialnumber`).
 * Undefined when nothing answers to it.
 */
export function resolvePath(view: View, path: string): string | undefined {
  if (view.hasPath(path)) return path;
  const [head = '', ...rest] = path.split('.');
  const wanted = squash(head);
  const alias = Object.entries(view.aliases ?? {}).find(([name]) => squash(name) === wanted)?.[1];
  const field = alias ?? topFields(view).find((f) => squash(f) === wanted);
  if (field === undefined) return undefined;
  const full = [field, ...rest].join('.');
  return view.hasPath(full) ? full : undefined;
}

/** ` (did you mean serialNumber?)` among the view's fields and aliases, or nothing. */
function suggestion(view: View, name: string): string {
  const near = new Closest(name, { caseless: true });
  for (const f of [...topFields(view), ...Object.keys(view.aliases ?? {})]) near.consider(f);
  return didYouMean(near.values());
}

/** Checks one dot path against the view (for --fields, --where and --sort-by); throws FieldsError. */
export function checkPath(view: View, path: string, what = 'field'): string {
  const found = resolvePath(view, path);
  if (found !== undefined) return found;
  const valid = topFields(view);
  throw new FieldsError(
    `unknown ${what} "${path}"${suggestion(view, path)}; valid fields: ${valid.join(', ')}`,
    valid,
  );
}

/** Parses `a,b.c,d` and checks each dot path against the records' schema. */
export function resolveFields(target: RecordKind | View, csv: string): string[] {
  const view = typeof target === 'string' ? viewOf(target) : target;
  const valid = topFields(view);
  const given = csv
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (given.length === 0) {
    throw new FieldsError(`--fields needs at least one field name; valid fields: ${valid.join(', ')}`, valid);
  }
  const unknown = given.filter((n) => resolvePath(view, n) === undefined);
  if (unknown.length > 0) {
    const label = unknown.length === 1 ? 'field' : 'fields';
    throw new FieldsError(
      `unknown ${label} ${unknown.map((n) => `"${n}"${suggestion(view, n)}`).join(', ')}; valid fields: ${valid.join(', ')}`,
      valid,
    );
  }
  return [...new Set(given.map((n) => resolvePath(view, n)!))];
}
