// JSON Schemas of the OpenAPI document, converted from the zod schemas the server validates with, so the
// document states the same limits, formats and patterns the server enforces.
import { z } from 'zod';
// Importing the domain registers every record schema (with its .meta({ id })) in zod's global registry.
import '../../domain/index.js';

export const COMPONENT = '#/components/schemas/';
export const ref = (id: string) => ({ $ref: `${COMPONENT}${id}` });

// Input mode: an object schema does not say additionalProperties: false, as the server ignores unknown
// fields (decisions.md) rather than refusing them.
const OPTIONS = { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' } as const;

type Json = Record<string, unknown>;

/** A metadata value the server sends: a uuid, or empty where it has none (GET answers, errors). */
const UuidOrEmpty = z.union([z.guid(), z.literal('')]);
/** The response envelope's metadata: always all three fields. */
export const ResponseMetadata = z
  .object({ fileCodeUuid: UuidOrEmpty, orgUuid: UuidOrEmpty, userUuid: UuidOrEmpty })
  .meta({
    id: 'ResponseMetadata',
    description:
      "The request's metadata echoed; on GET and before a body was read, the caller's organization and user",
  });

function strip(schema: Json): Json {
  const { $schema: _s, $id: _i, $defs: _d, id: _m, ...rest } = schema;
  return rest;
}

/** References to a registered schema point into components, whatever zod named them. */
function toComponentRefs(schema: Json): Json {
  const text = JSON.stringify(schema).replace(/"#\/\$defs\/(\w+)"/g, `"${COMPONENT}$1"`);
  return JSON.parse(text) as Json;
}

/** One schema (a route's body, say), its registered parts as references to components. */
export function jsonSchema(schema: z.ZodType): Json {
  return toComponentRefs(strip(z.toJSONSchema(schema, { ...OPTIONS, metadata: z.globalRegistry }) as Json));
}

/** Every registered schema, as components; unused ones are pruned from the document afterwards. */
export function allComponents(): Record<string, Json> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { ...OPTIONS, uri: (id) => `${COMPONENT}${id}` });
  const out: Record<string, Json> = {};
  for (const id of Object.keys(schemas).sort()) out[id] = toComponentRefs(strip(schemas[id] as Json));
  return out;
}

/** The components `root` refers to, directly or through other components. */
export function usedComponents(root: unknown, components: Record<string, Json>): Record<string, Json> {
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const m of JSON.stringify(value).matchAll(/"#\/components\/schemas\/(\w+)"/g)) {
      const id = m[1]!;
      if (used.has(id) || !components[id]) continue;
      used.add(id);
      visit(components[id]);
    }
  };
  visit(root);
  return Object.fromEntries([...used].sort().map((id) => [id, components[id]!]));
}
