// The fields a record schema accepts, read through zod's public API (each schema's `type`, an object's
// `shape`, an array's `element`, a union's `options`): what CSV cells must become, which fields an input file
// may name, and what a template holds. Not through z.toJSONSchema, which converts the whole schema (nested
// records, checks, metadata) to read a few facts: a bulk add's file paid it on every run.
import type { z } from 'zod';

/** What a CSV cell must become for a field: the kinds a flat record has, and `nested` for the rest. */
export type FieldKind = 'string' | 'number' | 'boolean' | 'nested' | 'other';

export interface Shape {
  kind: FieldKind;
  /** A uuid-formatted string. */
  uuid: boolean;
  /** The fields of an object (undefined for anything else, or an object that takes any field). */
  fields?: Map<string, Shape>;
  required: Set<string>;
  /** The shape of an array's items. */
  items?: Shape;
}

/** A schema as zod's public API shows it: its `type`, and what each type adds. */
interface Walked {
  type: string;
  /** A string's format (`guid`, `uuid`, `email`, ...), else null. */
  format?: string | null;
  /** An optional or nullable schema's inner schema. */
  unwrap?: () => Walked;
  /** A default's inner schema, an object's catchall, a literal's values. */
  def: { innerType?: Walked; catchall?: Walked; values?: unknown[] };
  /** An object's fields. */
  shape?: Record<string, Walked & { isOptional(): boolean }>;
  /** An array's items. */
  element?: Walked;
  /** A union's options. */
  options?: Walked[];
  /** A pipe's input side (a transform's). */
  in?: Walked;
}

const OTHER: FieldKind = 'other';
const other = (): Shape => ({ kind: OTHER, uuid: false, required: new Set() });
const leaf = (kind: FieldKind, uuid = false): Shape => ({ kind, uuid, required: new Set() });

/** The kind of a literal's values: one primitive type for them all, else other. */
function literalKind(values: unknown[] = []): FieldKind {
  const types = new Set(values.map((v) => typeof v));
  if (types.size !== 1) return OTHER;
  const [type] = types;
  return type === 'string' ? 'string' : type === 'number' ? 'number' : type === 'boolean' ? 'boolean' : OTHER;
}

/**
 * What `t` accepts as input: the wrappers that only add null or leave a field out are looked through, as is a
 * union of one type with null (a union of two types is `other`).
 */
function toShape(t: Walked): Shape {
  for (;;) {
    switch (t.type) {
      case 'optional':
      case 'nullable':
        t = t.unwrap!();
        continue;
      case 'default':
        t = t.def.innerType!;
        continue;
      case 'pipe':
        t = t.in!;
        continue;
      case 'union': {
        const options = (t.options ?? []).filter((o) => o.type !== 'null');
        if (options.length !== 1) return other();
        t = options[0]!;
        continue;
      }
      case 'string':
        return leaf('string', t.format === 'guid' || t.format === 'uuid');
      case 'number':
      case 'boolean':
        return leaf(t.type);
      case 'literal':
        return leaf(literalKind(t.def.values));
      case 'array': {
        const shape = leaf('nested');
        if (t.element) shape.items = toShape(t.element);
        return shape;
      }
      case 'object': {
        const fields = Object.entries(t.shape ?? {});
        const shape: Shape = {
          kind: 'nested',
          uuid: false,
          required: new Set(fields.filter(([, f]) => !f.isOptional()).map(([k]) => k)),
        };
        // An object that takes any other field (a loose object) names no fields to check against.
        const catchall = t.def.catchall;
        if ((catchall === undefined || catchall.type === 'never') && fields.length > 0)
          shape.fields = new Map(fields.map(([k, f]) => [k, toShape(f)]));
        return shape;
      }
      // Types no record schema uses are `other` here; test/input/shape.test.ts holds every schema of the
      // domain to what its JSON Schema says, so a new one is read before it is relied on.
      default:
        return other();
    }
  }
}

const cache = new WeakMap<z.core.$ZodType, Shape>();

/** The shape of what `schema` accepts as input. */
export function shapeOf(schema: z.core.$ZodType): Shape {
  let shape = cache.get(schema);
  if (!shape) {
    shape = toShape(schema as unknown as Walked);
    cache.set(schema, shape);
  }
  return shape;
}

/** The kind of each top-level field of an object schema (empty when the schema is not an object). */
export function fieldKinds(schema: z.core.$ZodType): Map<string, FieldKind> {
  const fields = shapeOf(schema).fields ?? new Map<string, Shape>();
  return new Map([...fields].map(([name, s]) => [name, s.kind]));
}
