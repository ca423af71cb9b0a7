import { isoTimestamp, PLAIN_DATE, parseTimestamp, TIMESTAMP_FIELDS } from '../domain/instant.js';

/** A timestamp field's value as ISO 8601 UTC; plain dates and what is no timestamp stay as they came. */
function isoValue(value: unknown): unknown {
  if (typeof value === 'string' && PLAIN_DATE.test(value)) return value;
  const ms = parseTimestamp(value);
  return ms === undefined ? value : isoTimestamp(ms);
}

/**
 * A copy of a record with every timestamp field (nested ones included) as ISO 8601 UTC with milliseconds,
 * for `--timestamps iso`: the service's own forms (`*123+0530`, `GMT+05:30`, epoch milliseconds) are not
 * what spreadsheets and jq's date functions read.
 */
export function isoTimestamps<T>(value: T): T {
  if (Array.isArray(value)) return value.map(isoTimestamps) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      TIMESTAMP_FIELDS.has(k) && (typeof v === 'string' || typeof v === 'number')
        ? isoValue(v)
        : isoTimestamps(v);
  }
  return out as T;
}
