// Two databases' records compared: which records of a reference (the demo data set seeded in memory) a store
// holds with other values (server seed --demo, which replaces nothing changed without --force).
import type { Store } from './db.js';

// The tables records live in, each with the column that groups its rows under one record, and the kind of
// record it is (tokens are not records a data set holds).
const RECORD_TABLES: readonly [table: string, record: string, kind: string][] = [
  ['organizations', 'uuid', 'organizations'],
  ['org_addresses', 'org_uuid', 'organizations'],
  ['org_options', 'org_uuid', 'organizations'],
  ['code_types', 'uuid', 'codes'],
  ['codes', 'uuid', 'codes'],
  ['licenses', 'uuid', 'licenses'],
  ['edge_devices', 'uuid', 'edge devices'],
  ['edge_flows', 'device_uuid', 'edge devices'],
  ['external_references', 'device_uuid', 'edge devices'],
  ['notifications', 'uuid', 'notifications'],
  ['notification_options', 'notification_uuid', 'notifications'],
  ['notification_configurations', 'notification_uuid', 'notifications'],
];

// What a load sets anew each time (its timestamps) or the store assigns (a row's own uuid): not a change.
const NOT_COMPARED = /^uuid$|_on$/;

const compared = (rows: Record<string, unknown>[]) =>
  rows
    .map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !NOT_COMPARED.test(column))))
    .sort()
    .join('\n');

/**
 * The records of `reference` that `store` holds with other values, by kind and count. One `store` does not
 * hold is not counted. Read by each record's key, through the table's index: a large store is not read whole.
 */
export function differingRecords(store: Store, reference: Store): { kind: string; count: number }[] {
  const changed = new Map<string, Set<string>>();
  for (const [table, record, kind] of RECORD_TABLES) {
    const byRecord = new Map<string, Record<string, unknown>[]>();
    for (const row of reference.db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[]) {
      const key = String(row[record]);
      byRecord.set(key, [...(byRecord.get(key) ?? []), row]);
    }
    const storedOf = store.db.prepare(`SELECT * FROM ${table} WHERE ${record} = ?`);
    for (const [key, rows] of byRecord) {
      const now = storedOf.all(key) as Record<string, unknown>[];
      if (now.length > 0 && compared(now) !== compared(rows))
        changed.set(kind, (changed.get(kind) ?? new Set()).add(key));
    }
  }
  return [...changed].map(([kind, keys]) => ({ kind, count: keys.size }));
}
