// What shell completion reads of a local database (the embedded default's twin, ours to read): keys that
// start with a prefix, by the tables' indexes where one serves, stopping at a deadline (Store's
// keysStartingWith; completion opens the store read-only).
import type { SqliteDatabase } from './sqlite.js';

export type StoredKind = 'device' | 'org' | 'user' | 'codetype' | 'license';

export interface StoredValues {
  /** [value, description] pairs, each value once. */
  items: [string, string][];
  /** Every match was read (no deadline or limit cut the reading short). */
  complete: boolean;
}

type Row = [string | null, string | null];

// [value, description] for keys in [@lo, @hi): a prefix's range, which an index on the key turns into a seek.
const STATEMENTS: Record<StoredKind, string[]> = {
  device: [
    'SELECT serial_number, edge_device_name FROM edge_devices WHERE serial_number >= @lo AND serial_number < @hi',
    'SELECT uuid, edge_device_name FROM edge_devices WHERE uuid >= @lo AND uuid < @hi',
  ],
  org: ['SELECT uuid, org_name FROM organizations WHERE uuid >= @lo AND uuid < @hi'],
  // The interface has no users of its own: they are the user uuids its records carry, an organization's
  // (named by it and its administrator, as remote completion names it) and the devices' (by the organization
  // they were added to).
  user: [
    "SELECT user_uuid, CASE WHEN org_admin IS NULL THEN 'user of ' || coalesce(org_name, uuid) ELSE coalesce(org_name, uuid) || ': ' || org_admin END FROM organizations WHERE user_uuid >= @lo AND user_uuid < @hi",
    "SELECT d.user_uuid, 'added devices to ' || coalesce(o.org_name, d.org_uuid) FROM edge_devices d LEFT JOIN organizations o ON o.uuid = d.org_uuid WHERE d.user_uuid >= @lo AND d.user_uuid < @hi",
  ],
  codetype: [
    'SELECT code_type_identifier, short_description FROM code_types WHERE code_type_identifier >= @lo AND code_type_identifier < @hi',
  ],
  // What support staff hold: the license key or the serial number, then the uuid; each shown with the others.
  license: [
    "SELECT license_key, serial_number || ' ' || coalesce(status, '') FROM licenses WHERE license_key >= @lo AND license_key < @hi",
    "SELECT serial_number, coalesce(license_key, '') || ' ' || coalesce(status, '') FROM licenses WHERE serial_number >= @lo AND serial_number < @hi",
    "SELECT uuid, serial_number || ' ' || coalesce(status, '') FROM licenses WHERE uuid >= @lo AND uuid < @hi",
  ],
};

// The rows read between two looks at the clock.
const CHECK_EVERY = 64;

/**
 * Keys of a kind starting with `prefix`, at most `limit`, read until `deadline` (ms since performance's
 * origin).
 */
export function storedValues(
  db: SqliteDatabase,
  kind: StoredKind,
  prefix: string,
  limit: number,
  deadline: number,
): StoredValues {
  const items = new Map<string, string>();
  const range = { lo: prefix, hi: `${prefix}\uffff` };
  for (const sql of STATEMENTS[kind]) {
    // Uuids are stored in lower case.
    const bounds = sql.includes('uuid >=')
      ? { lo: range.lo.toLowerCase(), hi: range.hi.toLowerCase() }
      : range;
    let n = 0;
    for (const [value, description] of db.prepare<typeof bounds, Row>(sql).raw().iterate(bounds)) {
      if (value && !items.has(value)) items.set(value, description ?? '');
      if (items.size >= limit) return { items: [...items], complete: false };
      if (++n % CHECK_EVERY === 0 && performance.now() >= deadline)
        return { items: [...items], complete: false };
    }
  }
  return { items: [...items], complete: true };
}
