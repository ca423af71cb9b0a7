// decisions.md: created/updated timestamps are set by the server and "values sent by a client are ignored".
// Ignored means whatever was sent, so they are removed before the record schemas see them: a stale, malformed or
// differently typed value cannot turn a valid write into a 406.
const SERVER_STAMPS = new Set(['createdOn', 'modifiedOn', 'updatedOn', 'createOn', 'updateOn']);

// Records nest at most two levels (a device's flows, an organization's address, a notification's options);
// the walk stops there, so a hostile, deeply nested body costs nothing.
const MAX_DEPTH = 3;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function strip(record: Record<string, unknown>, depth: number): void {
  for (const key of Object.keys(record)) {
    if (SERVER_STAMPS.has(key)) {
      delete record[key];
      continue;
    }
    if (depth >= MAX_DEPTH) continue;
    const value = record[key];
    if (isPlainObject(value)) strip(value, depth + 1);
    else if (Array.isArray(value)) {
      for (const item of value) if (isPlainObject(item)) strip(item, depth + 1);
    }
  }
}

/** Removes the server-set timestamps from each record of an envelope's `data` (in place). */
export function dropServerStamps(body: unknown): void {
  if (!isPlainObject(body) || !Array.isArray(body.data)) return;
  for (const record of body.data) if (isPlainObject(record)) strip(record, 1);
}

/** The same for a fixture: every record of each top-level array (import sets the timestamps itself). */
export function dropFixtureStamps(fixture: unknown): void {
  if (!isPlainObject(fixture)) return;
  for (const records of Object.values(fixture)) {
    if (Array.isArray(records)) for (const record of records) if (isPlainObject(record)) strip(record, 1);
  }
}
