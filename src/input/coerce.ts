import type { z } from 'zod';

/** What a CSV cell must become for a field: the kinds a flat record has, and `nested` for the rest. */
export type FieldKind = 'string' | 'number' | 'boolean' | 'nested' | 'other';

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

interface AnyDef {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
}

function defOf(t: z.core.$ZodType): AnyDef {
  return t._zod.def as unknown as AnyDef;
}

function unwrap(t: z.core.$ZodType): z.core.$ZodType {
  for (;;) {
    const def = defOf(t);
    if (WRAPPERS.has(def.type) && def.innerType) t = def.innerType;
    else if (def.type === 'pipe' && def.in) t = def.in;
    else return t;
  }
}

function kindOf(t: z.core.$ZodType): FieldKind {
  switch (defOf(unwrap(t)).type) {
    case 'string':
      return 'string';
    case 'number':
    case 'int':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
    case 'array':
    case 'record':
    case 'tuple':
    case 'map':
    case 'set':
      return 'nested';
    default:
      return 'other';
  }
}

/** The kind of each top-level field of an object schema (empty when the schema is not an object). */
export function fieldKinds(schema: z.core.$ZodType): Map<string, FieldKind> {
  const kinds = new Map<string, FieldKind>();
  const shape = defOf(unwrap(schema)).shape;
  if (shape) for (const [name, t] of Object.entries(shape)) kinds.set(name, kindOf(t));
  return kinds;
}

const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A CSV cell as the field's type wants it. A cell that does not fit is left as text, so the schema reports
 * it with the field's own message.
 */
export function coerceCell(cell: string, kind: FieldKind | undefined): unknown {
  if (kind === 'number') {
    const t = cell.trim();
    return NUMBER.test(t) ? Number(t) : cell;
  }
  if (kind === 'boolean') {
    const t = cell.trim().toLowerCase();
    if (TRUE.has(t)) return true;
    if (FALSE.has(t)) return false;
    return cell;
  }
  return cell;
}
