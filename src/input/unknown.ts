// Fields an input names that its record does not have. zod would drop them without a word: a CSV headed
// `ipAddress` (the interface spells it ipAdress) would send every device without its address.
import type { InputProblem } from './problems.js';
import type { Shape } from './shape.js';

/** Edit distance, case-insensitive: how far a mistyped field name is from a known one. */
function distance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[t.length]!;
}

/** The known name closest to `name`, when it is close enough to be a likely typo. */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const k of known) {
    const d = distance(name, k);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

export function unknownFieldMessage(what: 'field' | 'column', name: string, known: Iterable<string>): string {
  const near = closestName(name, known);
  return `unknown ${what}${near ? `; did you mean ${near}?` : ''}`;
}

/**
 * Problems for every field of `value` its shape does not know, at any depth; with `drop`, those fields
 * are removed instead (a copy is returned, the input is not changed).
 */
export function checkUnknownFields(
  line: number,
  value: unknown,
  shape: Shape,
  drop: boolean,
  path = '',
): { value: unknown; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  if (Array.isArray(value) && shape.items) {
    const items = value.map((item, k) => {
      const r = checkUnknownFields(line, item, shape.items!, drop, `${path}[${k}]`);
      problems.push(...r.problems);
      return r.value;
    });
    return { value: items, problems };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !shape.fields) {
    return { value, problems };
  }
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value)) {
    const at = path ? `${path}.${name}` : name;
    const field = shape.fields.get(name);
    if (!field) {
      if (!drop)
        problems.push({ line, path: at, message: unknownFieldMessage('field', name, shape.fields.keys()) });
      continue;
    }
    const r = checkUnknownFields(line, v, field, drop, at);
    problems.push(...r.problems);
    out[name] = r.value;
  }
  return { value: out, problems };
}
