// A record schema's shape (what CSV cells become, which fields a file may name, what a template holds) is read
// through zod's public API; it must say what the schema's JSON Schema says, for every schema of the domain.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '../../src/domain/index.js';
import { fieldKinds, type Shape, shapeOf } from '../../src/input/shape.js';

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

const KIND: Record<string, Shape['kind']> = {
  string: 'string',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  object: 'nested',
  array: 'nested',
};

/** The same facts read from the schema's JSON Schema (zod's z.toJSONSchema, input side): the reference. */
function fromJsonSchema(s: JsonSchema, defs: Record<string, JsonSchema>): Shape {
  if (s.$ref) return fromJsonSchema(defs[s.$ref.replace('#/$defs/', '')] ?? {}, defs);
  const options = (s.anyOf ?? [s]).filter((o) => o.type !== 'null');
  if (options.length !== 1) return { kind: 'other', uuid: false, required: new Set() };
  const one = options[0]!;
  if (one !== s) return fromJsonSchema(one, defs);
  const types = (Array.isArray(s.type) ? s.type : [s.type]).filter((t) => t !== 'null');
  const kind = types.length === 1 ? (KIND[types[0]!] ?? 'other') : 'other';
  const shape: Shape = { kind, uuid: s.format === 'uuid', required: new Set(s.required ?? []) };
  const closed = s.additionalProperties === undefined || s.additionalProperties === false;
  if (s.properties && closed && Object.keys(s.properties).length > 0) {
    shape.fields = new Map(Object.entries(s.properties).map(([k, v]) => [k, fromJsonSchema(v, defs)]));
  }
  if (s.items) shape.items = fromJsonSchema(s.items, defs);
  return shape;
}

const schemas = Object.entries(domain).filter(([, v]) => v instanceof z.ZodType) as [string, z.ZodType][];

describe('shapeOf', () => {
  it('finds the domain’s schemas to compare', () => {
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['EdgeDeviceInput', 'EdgeDevicePushInput', 'Notification', 'ReportRequest']),
    );
  });

  it.each(schemas)('%s: what its JSON Schema says', (_name, schema) => {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    expect(shapeOf(schema)).toEqual(fromJsonSchema(json, json.$defs ?? {}));
  });

  it('reads through optional, nullable, defaults, pipes and one-type unions; two types are other', () => {
    const s = z.object({
      id: z.guid(),
      n: z.number().int().nullish(),
      b: z.boolean().default(false),
      t: z.string().transform((v) => v.length),
      u: z.union([z.string(), z.null()]),
      two: z.union([z.string(), z.number()]),
      list: z.array(z.object({ x: z.string() })).optional(),
      any: z.looseObject({ y: z.string() }),
      lit: z.literal('on'),
    });
    expect(Object.fromEntries(fieldKinds(s))).toEqual({
      id: 'string',
      n: 'number',
      b: 'boolean',
      t: 'string',
      u: 'string',
      two: 'other',
      list: 'nested',
      any: 'nested',
      lit: 'string',
    });
    const shape = shapeOf(s);
    expect(shape.fields?.get('id')?.uuid).toBe(true);
    expect([...shape.required].sort()).toEqual(['any', 'id', 'lit', 't', 'two', 'u']);
    expect(shape.fields?.get('list')?.items?.fields?.has('x')).toBe(true);
    expect(shape.fields?.get('any')?.fields).toBeUndefined();
  });
});
