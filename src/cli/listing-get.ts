import type { ApiClient } from '../api/client.js';
import { NotFoundError } from '../api/errors.js';
import type { RecordKind } from '../domain/index.js';
import type { IO } from './io.js';
import { findRecords, type ListFn, walkListing } from './listing-find.js';
import { type OutputSpec, oneRecordSpec, writeRecords } from './output.js';

/** Some of the records a `get` asked for are not in the listing: not found (exit 4), though no request answered 404. */
export class RecordsNotFoundError extends NotFoundError {
  constructor(reason: string) {
    super({ code: 'NOT_FOUND', reason, httpStatus: null });
    this.name = 'RecordsNotFoundError';
  }
}

export interface GetOptions {
  io: IO;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
  /** What to look for: uuids, or the kind's other key (a serial number, an identifier, a name). */
  keys: string[];
}

export interface GetTarget<T> {
  list: ListFn<T>;
  kind: RecordKind;
  /** "edge device", for the not-found message. */
  singular: string;
  /** "uuid or serial number". */
  keyNames: string;
  /** The values a record answers to. */
  keysOf: (record: T) => readonly (string | null | undefined)[];
}

// Uuids are compared whatever their case; other keys as written.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const normalize = (key: string) => (UUID.test(key) ? key.toLowerCase() : key);

/**
 * `get`: walks the listing until every key is found, prints the records found in the order asked, then
 * fails with exit 4 naming each key nothing answered to.
 */
export async function runGet<T extends object>(opts: GetOptions, target: GetTarget<T>): Promise<T[]> {
  const api = await opts.api();
  const { found, missing } = await findRecords(
    walkListing(api, target.list),
    opts.keys,
    target.keysOf,
    normalize,
  );
  // Two keys of one record (its uuid and its serial) print it once.
  const records = [...new Set(found.map((f) => f.record))];
  const output = oneRecordSpec(opts.output, records.length);
  if (records.length > 0) await writeRecords(opts.io, output, target.kind, records, '');
  if (missing.length > 0) {
    const names = missing.map((k) => `"${k}"`).join(', ');
    throw new RecordsNotFoundError(`no ${target.singular} with ${target.keyNames} ${names}`);
  }
  return records;
}
