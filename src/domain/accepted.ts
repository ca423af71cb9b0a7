import type { z } from 'zod';

// Records a record schema accepted in this process: those read from an input file (src/input), which the
// client checks, every one, before it sends any (it must, to list every bad row). They are frozen, so they
// stay what the schema returned, and the embedded service (src/server/body.ts) takes them without parsing
// them again with that same schema: parsing a record schema's output gives that output back (no record
// schema transforms). Any other record, and every request that comes over HTTP, is parsed as always.
const acceptedBy = new WeakMap<object, z.core.$ZodType>();

/** Freezes an object and every object in it (a plain loop: this runs for every row of a bulk add). */
function freeze(value: object): void {
  Object.freeze(value);
  const o = value as Record<string, unknown>;
  for (const k in o) {
    const v = o[k];
    if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) freeze(v);
  }
}

/** `record`, as `schema` returned it from a parse, frozen and known as accepted by that schema. */
export function accepted<T>(schema: z.core.$ZodType, record: T): T {
  if (typeof record === 'object' && record !== null) {
    freeze(record);
    acceptedBy.set(record, schema);
  }
  return record;
}

/** True when `value` is a record `schema` accepted in this process (see accepted). */
export function isAcceptedBy(schema: z.core.$ZodType, value: unknown): boolean {
  return typeof value === 'object' && value !== null && acceptedBy.get(value) === schema;
}
