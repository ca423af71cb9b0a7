import type { ApiClient } from '../api/client.js';
import type { PageOptions } from '../api/paginate.js';
import { FOLLOW_PAGE_SIZE } from './listing.js';

/** A paged listing operation: listEdgeDevices, listCodeTypes..., with its path arguments bound. */
export type ListFn<T> = (api: ApiClient, page: PageOptions) => AsyncIterable<T>;

/**
 * Every record of a listing, page after page, one page in memory. The interface has no read-by-id
 * operation, so `get` and `apply` find records this way; breaking out of the loop stops the walk (no
 * further page is fetched).
 */
export function walkListing<T>(
  api: ApiClient,
  list: ListFn<T>,
  pageSize = FOLLOW_PAGE_SIZE,
): AsyncIterable<T> {
  return list(api, { pageSize, all: true });
}

export interface Found<T> {
  /** The record found for each wanted key, in the order the keys were given. */
  found: { key: string; record: T }[];
  /** The keys no record answered to. */
  missing: string[];
}

/**
 * Walks `records` until every key is answered (then stops at once) or the listing ends. `keysOf` gives
 * the values a record answers to (its uuid, its serial number...); the first record to answer a key wins.
 */
export async function findRecords<T>(
  records: AsyncIterable<T>,
  wanted: readonly string[],
  keysOf: (record: T) => readonly (string | null | undefined)[],
  normalize: (key: string) => string = (k) => k,
  /** Shown every key value the walk passes (what a "did you mean" is chosen among). */
  passed?: (value: string) => void,
): Promise<Found<T>> {
  const pending = new Map<string, string[]>();
  for (const key of wanted) {
    const norm = normalize(key);
    pending.set(norm, [...(pending.get(norm) ?? []), key]);
  }
  const hits = new Map<string, T>();
  if (pending.size > 0) {
    for await (const record of records) {
      for (const k of keysOf(record)) {
        if (k === null || k === undefined) continue;
        passed?.(k);
        const norm = normalize(k);
        if (pending.has(norm) && !hits.has(norm)) hits.set(norm, record);
      }
      if (hits.size === pending.size) break;
    }
  }
  const found: Found<T>['found'] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  for (const key of wanted) {
    const norm = normalize(key);
    if (seen.has(norm)) continue;
    seen.add(norm);
    const record = hits.get(norm);
    if (record === undefined) missing.push(key);
    else found.push({ key, record });
  }
  return { found, missing };
}
