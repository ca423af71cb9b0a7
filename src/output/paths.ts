import { isObject } from '../domain/objects.js';

// Dot paths into records (`licenseDetails.remainingDays`, `edgeFlows.flowId`): an array on the way is
// crossed, so a path into a list names the field of every element.

/**
 * The values at `path`: one for a path through objects only, one per element for a path crossing an array
 * (`many`), flattened when several arrays are crossed. A missing step gives undefined (or no element).
 */
export function valuesAt(record: unknown, path: string): { values: unknown[]; many: boolean } {
  let current: unknown[] = [record];
  let many = false;
  for (const key of path.split('.')) {
    const next: unknown[] = [];
    for (const value of current) {
      if (Array.isArray(value)) {
        many = true;
        for (const item of value) next.push(isObject(item) ? item[key] : undefined);
      } else next.push(isObject(value) ? value[key] : undefined);
    }
    current = next;
  }
  return { values: current, many };
}

/** Every value `path` reaches, arrays at its end opened too: what --where compares. */
export function leafValues(record: unknown, path: string): unknown[] {
  return valuesAt(record, path).values.flatMap((v) => (Array.isArray(v) ? v : [v]));
}

/**
 * The record cut down to `paths`, keeping its nesting: `licenseDetails.remainingDays` gives
 * `{licenseDetails: {remainingDays: 12}}`, and a path into a list keeps that field of each element.
 * A field the record lacks is null, so every record has the same shape.
 */
export function project(record: unknown, paths: readonly string[]): Record<string, unknown> {
  return projectObject(
    record,
    paths.map((p) => p.split('.')),
  );
}

function projectObject(source: unknown, paths: string[][]): Record<string, unknown> {
  const groups = new Map<string, string[][]>();
  for (const [head, ...rest] of paths) {
    if (head === undefined) continue;
    const group = groups.get(head) ?? [];
    group.push(rest);
    groups.set(head, group);
  }
  const out: Record<string, unknown> = {};
  for (const [key, rests] of groups) {
    const value = isObject(source) ? source[key] : undefined;
    out[key] = rests.some((r) => r.length === 0) ? (value ?? null) : projectValue(value, rests);
  }
  return out;
}

function projectValue(value: unknown, paths: string[][]): unknown {
  if (Array.isArray(value)) return value.map((item) => projectValue(item, paths));
  if (isObject(value)) return projectObject(value, paths);
  return value ?? null;
}
