import { z } from 'zod';

export { DateOnly, Timestamp } from './timestamp.js';

// "UUID format": 8-4-4-4-12 hex digits. Permissive about version/variant bits, as remote data may be.
export const Uuid = z.guid();

// The interface marks no field required; records accept any subset and tolerate nulls from a remote service.
export const str = () => z.string().nullish();
export const int = () => z.number().int().nullish();
export const bool = () => z.boolean().nullish();
export const uuid = () => Uuid.nullish();
// Entries the interface shows as empty objects: content not fixed, kept as given.
export const looseObject = () => z.looseObject({});
