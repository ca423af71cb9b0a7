import type { z } from 'zod';
import { isAcceptedBy } from '../domain/accepted.js';
import { envelopeRecords } from '../domain/envelope.js';
import { MAX_RECORDS } from '../domain/limits.js';
import { isObject } from '../domain/objects.js';

/**
 * A request body as the route's schema parses it. An envelope handed over in process whose records were all
 * accepted by that envelope's record schema here already (domain/accepted.ts: read from an input file, then
 * frozen) has only its other parts parsed: its records are taken as they are. Past the record limit, or
 * with any record not so accepted, the whole body is parsed, as a body read from the wire always is.
 */
export function parseBody(
  schema: z.ZodType,
  json: unknown,
  handedOver: boolean,
): ReturnType<z.ZodType['safeParse']> {
  const record = handedOver ? envelopeRecords(schema) : undefined;
  const data = record && isObject(json) ? json.data : undefined;
  if (
    record &&
    Array.isArray(data) &&
    data.length <= MAX_RECORDS &&
    data.every((r) => isAcceptedBy(record, r))
  ) {
    const rest = schema.safeParse({ ...(json as object), data: [] });
    return rest.success ? { success: true, data: { ...(rest.data as object), data } } : rest;
  }
  return schema.safeParse(json);
}
