// The fields a record schema accepts, read from its JSON Schema (zod's public z.toJSONSchema, not its
// internals): what CSV cells must become, which fields an input file may name, and what a template holds.
import { z } from 'zod';

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

interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  format?: string;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: unknown;
  required?: string[];
  items?: JsonSchema;
}

const KIND: Record<string, FieldKind> = {
  string: 'string',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  object: 'nested',
  array: 'nested',
};

function toShape(s: JsonSchema, defs: Record<string, JsonSchema>): Shape {
  if (s.$ref) return toShape(defs[s.$ref.replace('#/$defs/', '')] ?? {}, defs);
  // `x.nullish()` is anyOf [x, null] or type [x, 'null']: the field's shape is x's.
  const options = (s.anyOf ?? [s]).filter((o) => o.type !== 'null');
  if (options.length !== 1) return { kind: 'other', uuid: false, required: new Set() };
  const one = options[0]!;
  if (one !== s) return toShape(one, defs);
  const types = (Array.isArray(s.type) ? s.type : [s.type]).filter((t) => t !== 'null');
  const kind = types.length === 1 ? (KIND[types[0]!] ?? 'other') : 'other';
  const shape: Shape = { kind, uuid: s.format === 'uuid', required: new Set(s.required ?? []) };
  const closed = s.additionalProperties === undefined || s.additionalProperties === false;
  if (s.properties && closed && Object.keys(s.properties).length > 0) {
    shape.fields = new Map(Object.entries(s.properties).map(([k, v]) => [k, toShape(v, defs)]));
  }
  if (s.items) shape.items = toShape(s.items, defs);
  return shape;
}

const cache = new WeakMap<z.core.$ZodType, Shape>();

/** The shape of what `schema` accepts as input. */
export function shapeOf(schema: z.core.$ZodType): Shape {
  let shape = cache.get(schema);
  if (!shape) {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    shape = toShape(json, json.$defs ?? {});
    cache.set(schema, shape);
  }
  return shape;
}

/** The kind of each top-level field of an object schema (empty when the schema is not an object). */
export function fieldKinds(schema: z.core.$ZodType): Map<string, FieldKind> {
  const fields = shapeOf(schema).fields ?? new Map<string, Shape>();
  return new Map([...fields].map(([name, s]) => [name, s.kind]));
}
