import { z } from 'zod';

export { DateOnly, Timestamp } from './timestamp.js';

// "UUID format": 8-4-4-4-12 hex digits. Permissive about version/variant bits, as remote data may be.
export const Uuid = z.guid();

// decisions.md "Limits and hostile input": text fields hold at most 4,096 characters and never a NUL.
export const MAX_TEXT = 4096;
/** At most this many records in one request's `data`. */
export const MAX_RECORDS = 1000;
const NO_NUL = /^[^\0]*$/;

// A \uD800-\uDFFF escape without its pair is valid JSON but no Unicode text: stored, it would become U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text with no NUL character, of any length the body allows (flowJSON). */
export const longText = () =>
  z
    .string()
    .regex(NO_NUL, 'must not contain a NUL character')
    .refine((s) => !LONE_SURROGATE.test(s), 'must be Unicode text (it holds half of a surrogate pair)');
/** A text field: at most MAX_TEXT characters, no NUL. */
export const text = () => longText().max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`);
/** A count (noOfdevices and the like): a whole number, 0 or more. */
export const count = () => z.number().int().min(0, 'must be 0 or more').nullish();
/** A TCP/UDP port: 1 to 65535. */
export const port = () =>
  z.number().int().min(1, 'must be 1 to 65535').max(65535, 'must be 1 to 65535').nullish();

// The interface marks no field required; records accept any subset and tolerate nulls from a remote service.
export const str = () => text().nullish();
export const int = () => z.number().int().nullish();
export const bool = () => z.boolean().nullish();
export const uuid = () => Uuid.nullish();
// Entries the interface shows as empty objects: content not fixed, kept as given.
export const looseObject = () => z.looseObject({});
