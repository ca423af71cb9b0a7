// The twin's lookups (domain/lookup.ts) as queries: keys found through the primary keys and the
// unique (org_uuid, serial_key) index of each organization in the caller's scope, never a walk of the
// listing; serials compared as people read them (domain serialKey). The records are then read as a listing
// page reads them.
import type Database from 'better-sqlite3';
import { serialKey } from '../../domain/serial-key.js';
import { SCOPE_CTE } from './scope.js';
import { prepared } from './sqlite.js';

interface Key {
  uuid: string;
  created_on: number;
}

/** A scope with more organizations than this is looked through its first ones only, for suggestions. */
const MAX_ORGS_NEAR = 200;
/** Serial numbers read on either side of a key, and from each of its prefixes, per organization. */
const WINDOW = 16;
const PREFIX_WINDOW = 8;
const MAX_IDENTIFIERS = 1000;

export function lookupQueries(db: Database.Database) {
  const inScope = 'd.org_uuid IN (SELECT uuid FROM scope)';
  // The first in listing order answers a key, as the walk would find it.
  const deviceKey = prepared(() =>
    db.prepare<[{ root: string; uuids: string; serials: string }], Key>(
      `${SCOPE_CTE}
    SELECT d.uuid, d.created_on FROM edge_devices d
      WHERE d.uuid IN (SELECT value FROM json_each(@uuids)) AND ${inScope}
    UNION
    SELECT d.uuid, d.created_on FROM edge_devices d
      WHERE ${inScope} AND d.serial_key IN (SELECT value FROM json_each(@serials))
    ORDER BY 2, 1 LIMIT 1`,
    ),
  );
  const matching = prepared(() =>
    db.prepare<[{ root: string; uuids: string; org: string; serials: string }], Key>(
      `${SCOPE_CTE}
    SELECT d.uuid, d.created_on FROM edge_devices d
      WHERE d.uuid IN (SELECT value FROM json_each(@uuids)) AND ${inScope}
    UNION
    SELECT d.uuid, d.created_on FROM edge_devices d
      WHERE d.org_uuid = @org AND d.serial_key IN (SELECT value FROM json_each(@serials))
        AND @org IN (SELECT uuid FROM scope)
    ORDER BY 2, 1`,
    ),
  );
  const scopeOrgs = prepared(() =>
    db
      .prepare<[{ root: string; max: number }], string>(
        `${SCOPE_CTE} SELECT DISTINCT uuid FROM scope LIMIT @max`,
      )
      .pluck(),
  );
  const after = prepared(() =>
    db
      .prepare<[string, string, number], string>(
        `SELECT serial_number FROM edge_devices WHERE org_uuid = ? AND serial_number >= ?
        ORDER BY serial_number LIMIT ?`,
      )
      .pluck(),
  );
  const before = prepared(() =>
    db
      .prepare<[string, string, number], string>(
        `SELECT serial_number FROM edge_devices WHERE org_uuid = ? AND serial_number < ?
        ORDER BY serial_number DESC LIMIT ?`,
      )
      .pluck(),
  );
  const codeTypeKey = prepared(() =>
    db
      .prepare<[{ uuids: string; ids: string }], string>(
        `SELECT uuid FROM code_types WHERE uuid IN (SELECT value FROM json_each(@uuids))
         OR code_type_identifier IN (SELECT value FROM json_each(@ids))
       ORDER BY created_on, uuid LIMIT 1`,
      )
      .pluck(),
  );
  const identifiers = prepared(() =>
    db
      .prepare<[number], string>(
        `SELECT DISTINCT code_type_identifier FROM code_types WHERE code_type_identifier IS NOT NULL LIMIT ?`,
      )
      .pluck(),
  );

  const keys = (serials: readonly string[]) => JSON.stringify(serials.map(serialKey));
  return {
    /** The device a uuid (any of `uuids`) or serial number (any of `serials`) names in `root`'s scope. */
    deviceKey: (root: string, uuids: readonly string[], serials: readonly string[]) =>
      deviceKey().get({ root, uuids: JSON.stringify(uuids), serials: keys(serials) })?.uuid,
    /** Keys of the devices apply matches, in listing order. */
    matching: (root: string, uuids: readonly string[], org: string, serials: readonly string[]) =>
      matching()
        .all({ root, uuids: JSON.stringify(uuids), org, serials: keys(serials) })
        .map((k) => k.uuid),
    serialsNear(root: string, key: string): string[] {
      const near = new Set<string>();
      for (const org of scopeOrgs().all({ root, max: MAX_ORGS_NEAR })) {
        for (const s of before().all(org, key, WINDOW)) near.add(s);
        for (const s of after().all(org, key, WINDOW)) near.add(s);
        // A typo early in the key sorts it far from the serial meant: the prefixes before it find that.
        for (let p = key.length - 1; p >= Math.ceil(key.length / 2) && p > 0; p--) {
          for (const s of after().all(org, key.slice(0, p), PREFIX_WINDOW)) near.add(s);
        }
      }
      return [...near];
    },
    codeTypeKey: (uuids: readonly string[], ids: readonly string[]) =>
      codeTypeKey().get({ uuids: JSON.stringify(uuids), ids: JSON.stringify(ids) }),
    codeTypeIdentifiers: () => identifiers().all(MAX_IDENTIFIERS),
  };
}
