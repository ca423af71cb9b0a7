import { isObject } from '../domain/objects.js';

// decisions.md: created/updated timestamps are set by the server and "values sent by a client are ignored".
// The record schemas check them first, as every operation checks a timestamp it is sent (a date that does not
// exist, or text that is no timestamp, is a 406 naming the field); a valid one is then removed here, unstored.

const SERVER_STAMPS = new Set(['createdOn', 'modifiedOn', 'updatedOn', 'createOn', 'updateOn']);

// Records nest at most two levels (a device's flows, an organization's address, a notification's options);
// the walk stops there, so a hostile, deeply nested body costs nothing.
const MAX_DEPTH = 3;

/**
 * The record without server stamps, copied only where one is dropped: what it was given is never changed
 * (a caller in process hands over its own records, src/server/in-process.ts).
 */
function stripped(record: Record<string, unknown>, depth: number): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  // for-in, not Object.keys: a bulk add walks every record of every batch, and the list of keys was most of
  // the walk's garbage. The records are plain: parsed JSON, or JSON's own values handed over in process.
  for (const key in record) {
    if (SERVER_STAMPS.has(key)) {
      copy ??= { ...record };
      delete copy[key];
      continue;
    }
    const value = record[key];
    // Text, numbers and booleans, most of any record, need no more look.
    if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) continue;
    const next = Array.isArray(value)
      ? strippedAll(value, depth + 1)
      : stripped(value as Record<string, unknown>, depth + 1);
    if (next !== value) {
      copy ??= { ...record };
      copy[key] = next;
    }
  }
  return copy ?? record;
}

/** Each record of a list stripped; the same list when none had a stamp. */
function strippedAll(list: unknown[], depth: number): unknown[] {
  let out = list;
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (!isObject(item)) continue;
    const next = stripped(item, depth);
    if (next === item) continue;
    if (out === list) out = [...list];
    out[i] = next;
  }
  return out;
}

/** An envelope whose records in `data` hold no server-set timestamps (the same envelope when none did). */
export function withoutServerStamps(body: unknown): unknown {
  if (!isObject(body) || !Array.isArray(body.data)) return body;
  const data = strippedAll(body.data, 1);
  return data === body.data ? body : { ...body, data };
}

/** One record of a fixture without server stamps (the same record when it had none). */
export function withoutFixtureStamps(record: unknown): unknown {
  return isObject(record) ? stripped(record, 1) : record;
}

/** The same for a fixture, in place: every record of each top-level array (import sets the timestamps itself). */
export function dropFixtureStamps(fixture: unknown): void {
  if (!isObject(fixture)) return;
  for (const [key, records] of Object.entries(fixture)) {
    if (Array.isArray(records)) fixture[key] = strippedAll(records, 1);
  }
}
