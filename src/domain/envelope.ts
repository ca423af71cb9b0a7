import { z } from 'zod';
import { MAX_RECORDS } from './limits.js';

// Identifiers, or empty where the caller has none to name (they are echoed in the answer).
const uuidOrEmpty = () => z.union([z.guid(), z.literal('')]).nullish();

export const Metadata = z
  .object({
    fileCodeUuid: uuidOrEmpty(),
    orgUuid: uuidOrEmpty(),
    userUuid: uuidOrEmpty(),
  })
  .meta({ id: 'Metadata' });
export type Metadata = z.infer<typeof Metadata>;

// Each request envelope schema's record schema, for a caller that checks an envelope's records apart.
const recordsOf = new WeakMap<z.ZodType, z.ZodType>();

/** Request envelope whose `data` holds records of `record`, at most MAX_RECORDS of them (decisions.md). */
export function requestEnvelope<T extends z.ZodType>(record: T) {
  const envelope = z.object({
    data: z.array(record).max(MAX_RECORDS, `at most ${MAX_RECORDS} records in one request`),
    metadata: Metadata.nullish(),
  });
  recordsOf.set(envelope, record);
  return envelope;
}

/** The record schema of a schema requestEnvelope made (undefined for any other, an extended one included). */
export function envelopeRecords(schema: z.ZodType): z.ZodType | undefined {
  return recordsOf.get(schema);
}

/** Response envelope whose `data` holds records of `record`. */
export function responseEnvelope<T extends z.ZodType>(record: T) {
  return z.object({
    data: z.array(record),
    metadata: Metadata.nullish(),
    statusCode: z.string(),
    reason: z.string().optional(),
  });
}

export const ResponseEnvelope = responseEnvelope(z.unknown()).meta({ id: 'ResponseEnvelope' });
export type ResponseEnvelope<T = unknown> = {
  data: T[];
  metadata?: Metadata | null;
  statusCode: string;
  reason?: string;
};

export const ErrorEnvelope = z
  .object({
    data: z.array(z.unknown()).max(0),
    metadata: Metadata,
    statusCode: z.string(),
    reason: z.string(),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
