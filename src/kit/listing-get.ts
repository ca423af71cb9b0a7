import type { ApiClient } from '../api/client.js';
import { NotFoundError } from '../api/request-errors.js';
import type { RecordKind } from '../domain/index.js';
import type { TwinLookup } from '../domain/lookup.js';
import { Closest, didYouMean } from '../domain/suggest.js';
import type { IO } from './io.js';
import { type Found, findRecords, type ListFn, walkListing } from './listing-find.js';
import { type OutputSpec, oneRecordSpec, writeRecords } from './printing.js';

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
  /** The embedded database's lookups, where the target has them (none against a remote service). */
  twin?: () => Promise<TwinLookup | undefined>;
  /** --watch: after the records are printed, read them again every intervalMs, printing what changed. */
  watch?: { intervalMs: number };
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
  /** The record a key names, read by the twin's indexes: what the walk would find first. */
  lookup?: (twin: TwinLookup, key: string) => Promise<T | undefined>;
  /** Values near a key the twin holds, to choose a "did you mean" among. */
  near?: (twin: TwinLookup, key: string) => Promise<readonly string[]>;
  /** Keys are names people type: matched and offered whatever their case (organization names). */
  caseless?: boolean;
  /** What a key is compared by, a uuid's aside (a serial number's serialKey); as written when not given. */
  keyOf?: (key: string) => string;
}

// Uuids are compared whatever their case; other keys as the target compares them.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const anyCase = (key: string) => key.toLowerCase();
const comparer =
  (keyOf: (key: string) => string = (k) => k) =>
  (key: string) =>
    UUID.test(key) ? key.toLowerCase() : keyOf(key);

/** Each key looked up on the twin, in the order given, a key repeated (as compared) looked up once. */
async function lookUp<T>(
  twin: TwinLookup,
  keys: readonly string[],
  lookup: NonNullable<GetTarget<T>['lookup']>,
  normalize: (key: string) => string,
) {
  const result: Found<T> = { found: [], missing: [] };
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(normalize(key))) continue;
    seen.add(normalize(key));
    const record = await lookup(twin, key);
    if (record === undefined) result.missing.push(key);
    else result.found.push({ key, record });
  }
  return result;
}

/**
 * `get`: on the embedded default, each key is read by the database's indexes; against a service, the
 * listing is walked until every key is found. Prints the records found in the order asked, then fails with
 * exit 4 naming each key nothing answered to, with the closest values the twin or the walk saw.
 */
export async function runGet<T extends object>(given: GetOptions, target: GetTarget<T>): Promise<T[]> {
  const opts = { ...given, keys: trimmed(given.keys) };
  const twin = target.lookup ? await opts.twin?.() : undefined;
  const { found, missing, closest } = await find(opts, target, twin);
  // Two keys of one record (its uuid and its serial) print it once.
  const records = once(found);
  // Watched as JSON, the records come as ADDED events (listing-watch.ts); a watch never pages.
  const events = opts.watch !== undefined && ['json', 'ndjson'].includes(opts.output.format);
  const output = oneRecordSpec(opts.watch ? { ...opts.output, pager: false } : opts.output, records.length);
  if (records.length > 0 && !events) await writeRecords(opts.io, output, target.kind, records, '');
  if (missing.length > 0) throw notFound(target, missing, closest);
  if (opts.watch) {
    const { watch } = await import('./listing-watch.js');
    return watch(opts, opts.watch.intervalMs, {
      kind: target.kind,
      first: records,
      read: async () => once((await find(opts, target, twin)).found),
    });
  }
  return records;
}

/** Exit 4 naming each key nothing answered to, with the closest values the twin or the walk saw. */
function notFound<T>(target: GetTarget<T>, missing: readonly string[], closest: Map<string, Closest>) {
  const names = missing.map((k) => `"${k}"${didYouMean(closest.get(k)?.values() ?? [])}`).join(', ');
  return new RecordsNotFoundError(`no ${target.singular} with ${target.keyNames} ${names}`);
}

/**
 * The records the keys name, found as `get` finds them but not printed (a write that takes a record's other
 * key as well as its uuid resolves it this way); `notFound()` is the error `get` would fail with.
 */
export async function findEach<T extends object>(
  given: Pick<GetOptions, 'api' | 'twin' | 'keys'>,
  target: GetTarget<T>,
): Promise<Found<T> & { notFound: () => RecordsNotFoundError }> {
  const opts = { ...given, keys: trimmed(given.keys) };
  const twin = target.lookup ? await opts.twin?.() : undefined;
  const { found, missing, closest } = await find(opts, target, twin);
  return { found, missing, notFound: () => notFound(target, missing, closest) };
}

/** Keys as pasted: the spaces or newline around a key copied from a mail or a table are not part of it. */
function trimmed(keys: readonly string[]): string[] {
  return keys.map((k) => k.trim());
}

function once<T extends object>(found: Found<T>['found']): T[] {
  const byUuid = new Map(found.map((f) => [(f.record as { uuid?: unknown }).uuid ?? f.record, f.record]));
  return [...byUuid.values()];
}

/** The records the keys name: looked up on the twin, or found by a walk of the listing. */
async function find<T extends object>(
  opts: Pick<GetOptions, 'api' | 'keys'>,
  target: GetTarget<T>,
  twin: TwinLookup | undefined,
): Promise<Found<T> & { closest: Map<string, Closest> }> {
  const closest = new Map<string, Closest>();
  if (twin && target.lookup) {
    const result = await lookUp(
      twin,
      opts.keys,
      target.lookup,
      target.caseless ? anyCase : comparer(target.keyOf),
    );
    for (const key of result.missing) {
      const near = new Closest(key, { caseless: target.caseless });
      for (const value of (await target.near?.(twin, key)) ?? []) near.consider(value);
      closest.set(key, near);
    }
    return { ...result, closest };
  }
  for (const key of opts.keys) closest.set(key, new Closest(key, { caseless: target.caseless }));
  const api = await opts.api();
  // Serial numbers and identifiers are offered, as on the twin; uuids are not.
  const result = await findRecords(
    walkListing(api, target.list),
    opts.keys,
    target.keysOf,
    target.caseless ? anyCase : comparer(target.keyOf),
    (v) => {
      if (!UUID.test(v)) for (const near of closest.values()) near.consider(v);
    },
  );
  return { ...result, closest };
}
