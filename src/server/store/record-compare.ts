// Two stores' records compared: which records of a reference (the demo data set seeded in memory) a store
// holds with other values (server seed --demo, which replaces nothing changed without --force). Read through
// the port, by each record's key, whatever engine holds them: a large store is not read whole.
import type { Store } from './port.js';

/** The demo's records by kind: their keys. */
export interface RecordKeys {
  organizations: readonly string[];
  codeTypes: readonly string[];
  licenses: readonly string[];
  edgeDevices: readonly string[];
  notifications: readonly string[];
}

// What a load sets anew each time (its timestamps) or the store assigns (a part's own uuid): not a change.
const NOT_COMPARED = /On$/;
// What a record shows of other records (an organization's suborganizations, by name): their change, not its.
const OF_OTHERS = new Set(['suborganization']);

function comparable(v: unknown, top: boolean): unknown {
  if (Array.isArray(v)) return v.map((x) => comparable(x, false));
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (NOT_COMPARED.test(k) || (!top && k === 'uuid') || (top && OF_OTHERS.has(k))) continue;
    out[k] = comparable(x, false);
  }
  return out;
}

type Keyed = { uuid?: string | null | undefined };
const byKey = (records: readonly Keyed[]) =>
  new Map(records.map((r) => [String(r.uuid), JSON.stringify(comparable(r, true))]));

/**
 * The records of `reference` (keys given) that `store` holds with other values, by kind and count. One `store`
 * does not hold is not counted.
 */
export async function differingRecords(
  store: Store,
  reference: Store,
  keys: RecordKeys,
): Promise<{ kind: string; count: number }[]> {
  const now = store.clock.now();
  const licenses = async (s: Store) => {
    const out: Keyed[] = [];
    for (const k of keys.licenses) {
      const r = await s.licenses.record(k, now, 'UTC');
      if (r) out.push(r);
    }
    return out;
  };
  const kinds: [string, (s: Store) => Promise<readonly Keyed[]>][] = [
    ['organizations', (s) => s.organizations.load(keys.organizations, 'UTC')],
    ['codes', (s) => s.codes.types(keys.codeTypes, 'UTC')],
    ['licenses', licenses],
    ['edge devices', (s) => s.edgeDevices.load(keys.edgeDevices, 'UTC')],
    ['notifications', (s) => s.notifications.load(keys.notifications, 'UTC')],
  ];
  const changed: { kind: string; count: number }[] = [];
  for (const [kind, read] of kinds) {
    const want = byKey(await read(reference));
    const have = byKey(await read(store));
    let count = 0;
    for (const [key, value] of have) if (want.has(key) && want.get(key) !== value) count++;
    if (count > 0) changed.push({ kind, count });
  }
  return changed;
}
