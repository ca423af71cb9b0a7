// What `server clone` writes: pages of devices stored as another service gave them, and the refresh that
// removes those the service no longer lists.
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { EdgeDevice } from '../../domain/edge-device.js';
import { bind, insertSql, toRow } from './columns.js';
import {
  DEVICE,
  DEVICE_WRITTEN,
  type DeviceRow,
  FLOW,
  FLOW_COLUMNS,
  REF_COLUMNS,
  REFERENCE,
  serialKeyOf,
  writtenValues,
} from './edge-device-columns.js';
import { prepared } from './sqlite.js';

/** `written` tells the listing's page cache that the table changed. */
export function deviceCopies(db: Database.Database, written: () => void) {
  const listing = { written };
  const countIn = prepared(() =>
    db.prepare<[string, number]>(
      `INSERT INTO org_device_counts (org_uuid, n) VALUES (?, ?)
     ON CONFLICT (org_uuid) DO UPDATE SET n = n + excluded.n`,
    ),
  );
  const orgOf = prepared(() =>
    db.prepare<[string], { org_uuid: string }>('SELECT org_uuid FROM edge_devices WHERE uuid = ?'),
  );
  const deleteRefs = prepared(() => db.prepare('DELETE FROM external_references WHERE device_uuid = ?'));
  // A device new to the copy is inserted; one already there is rewritten. An upsert for both cost a new
  // device (most of a first clone) about twice the insert's time.
  const insertDevice = prepared(() => db.prepare(insertSql('edge_devices', DEVICE_WRITTEN)));
  const upsertDevice = prepared(() =>
    db.prepare(insertSql('edge_devices', DEVICE_WRITTEN, { key: 'uuid', keep: [] })),
  );
  const staleBySerial = prepared(() =>
    db.prepare<[string, string | null, string], { uuid: string }>(
      'SELECT uuid FROM edge_devices WHERE org_uuid = ? AND serial_key = ? AND uuid != ?',
    ),
  );
  const deleteDevice = prepared(() => db.prepare('DELETE FROM edge_devices WHERE uuid = ?'));
  const deleteFlows = prepared(() => db.prepare('DELETE FROM edge_flows WHERE device_uuid = ?'));
  const replaceFlow = prepared(() =>
    db.prepare(insertSql('edge_flows', FLOW_COLUMNS).replace('INSERT', 'INSERT OR REPLACE')),
  );
  const replaceRef = prepared(() =>
    db.prepare(insertSql('external_references', REF_COLUMNS).replace('INSERT', 'INSERT OR REPLACE')),
  );

  /**
   * Stores a page of devices as another service gave them (server clone): uuids, organizations, flows,
   * references and instants kept, no password (none can be read). A device of this copy that holds the same
   * serial number in the organization under another uuid is one the service no longer has: it goes. The
   * organizations' device counts are moved once per page, not once per device.
   */
  function copy(
    list: readonly (EdgeDevice & { uuid: string; orgUUID: string })[],
    now: number,
    instant: (v: unknown) => number | undefined,
  ): void {
    listing.written();
    const moved = new Map<string, number>();
    const move = (org: string, n: number) => moved.set(org, (moved.get(org) ?? 0) + n);
    for (const d of list) copyOne(d, now, instant, move);
    for (const [org, n] of moved) if (n !== 0) countIn().run(org, n);
    listing.written();
  }

  function copyOne(
    d: EdgeDevice & { uuid: string; orgUUID: string },
    now: number,
    instant: (v: unknown) => number | undefined,
    move: (org: string, n: number) => void,
  ): void {
    if (d.serialNumber) {
      for (const stale of staleBySerial().all(d.orgUUID, serialKeyOf(d.serialNumber), d.uuid)) {
        const org = orgOf().get(stale.uuid)!.org_uuid;
        deleteDevice().run(stale.uuid);
        move(org, -1);
      }
    }
    const from = orgOf().get(d.uuid)?.org_uuid;
    const created = instant(d.createdOn) ?? now;
    const row = toRow(DEVICE, d, {
      created_on: created,
      modified_on: instant(d.modifiedOn) ?? created,
    }) as DeviceRow;
    (from === undefined ? insertDevice() : upsertDevice()).run(writtenValues(row));
    if (from !== d.orgUUID) {
      if (from) move(from, -1);
      move(d.orgUUID, 1);
    }
    // A device new to the copy has no flows or references to replace.
    if (from) deleteFlows().run(d.uuid);
    for (const f of d.edgeFlows ?? []) {
      const at = instant(f.createdOn) ?? created;
      const flow = toRow(FLOW, f, {
        uuid: f.uuid ?? randomUUID(),
        flow_id: f.flowId ?? f.uuid ?? randomUUID(),
        created_on: at,
        modified_on: instant(f.modifiedOn) ?? at,
      });
      replaceFlow().run(bind({ ...flow, device_uuid: d.uuid }, FLOW_COLUMNS));
    }
    if (from) deleteRefs().run(d.uuid);
    for (const r of d.externalReferences ?? []) {
      const at = instant(r.createdOn) ?? created;
      const ref = toRow(REFERENCE, r, {
        uuid: r.uuid ?? randomUUID(),
        password: null,
        created_on: at,
        modified_on: instant(r.modifiedOn) ?? at,
      });
      replaceRef().run(bind({ ...ref, device_uuid: d.uuid }, REF_COLUMNS));
    }
  }

  /**
   * A clone's refresh: the devices it listed are noted in a temporary table of this connection, and those of
   * the copy it did not list (gone from the service, or added in a rehearsal) are removed at the end.
   */
  // Prepared once the table exists (a temporary table is made by the connection that uses it).
  let noteListed: Database.Statement<[string]> | undefined;
  // A copy that held no device when the clone began has none to remove at its end: nothing is noted (on
  // 100,000 devices the notes were a quarter of a first clone's time).
  let noting = true;
  const listed = {
    begin() {
      noting = db.prepare('SELECT EXISTS (SELECT 1 FROM edge_devices)').pluck().get() === 1;
      if (!noting) return;
      db.exec('CREATE TEMP TABLE IF NOT EXISTS listed_devices (uuid TEXT PRIMARY KEY) WITHOUT ROWID');
      db.exec('DELETE FROM temp.listed_devices');
    },
    /** A page's uuids, in one statement. */
    note(uuids: readonly string[]): void {
      if (!noting) return;
      noteListed ??= db.prepare(
        'INSERT OR IGNORE INTO temp.listed_devices (uuid) SELECT value FROM json_each(?)',
      );
      noteListed.run(JSON.stringify(uuids));
    },
    /** Removes the devices not noted; the counts are recounted once. Returns how many went. */
    dropOthers(): number {
      if (!noting) return 0;
      listing.written();
      const gone = db
        .prepare('DELETE FROM edge_devices WHERE uuid NOT IN (SELECT uuid FROM temp.listed_devices)')
        .run().changes;
      if (gone > 0) {
        db.exec(`DELETE FROM org_device_counts;
          INSERT INTO org_device_counts (org_uuid, n) SELECT org_uuid, count(*) FROM edge_devices GROUP BY org_uuid`);
      }
      db.exec('DROP TABLE temp.listed_devices');
      noteListed = undefined;
      return gone;
    },
  };
  return { copy, listed };
}
