import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { EdgeDevice, EdgeFlow, ExternalReference } from '../../domain/edge-device.js';
import { bind, fromRow, insertSql, MASK, storedAsIs, toRow, updateOf } from './columns.js';
import {
  DEVICE,
  DEVICE_COLUMNS,
  DEVICE_UPDATABLE,
  DEVICE_WRITTEN,
  type DeviceRow,
  deviceOf,
  FLOW,
  FLOW_COLUMNS,
  flowOf,
  listingOrder,
  newDeviceRowOf,
  type Placement,
  REF_COLUMNS,
  REFERENCE,
  type RefRow,
  referenceOf,
  serialKeyOf,
  writtenValues,
} from './edge-device-columns.js';
import { deviceCopies } from './edge-device-copies.js';
import { keptPassword } from './entities.js';
import { listingPages } from './listing-pages.js';
import { SCOPE_CTE } from './scope.js';
import { prepared } from './sqlite.js';
import { groupBy, keyList } from './values.js';

export type { DeviceRow, Placement } from './edge-device-columns.js';

export function edgeDeviceRepo(db: Database.Database) {
  const listing = listingPages(db, DEVICE_COLUMNS);
  const orgCount = prepared(() =>
    db.prepare<[string], { n: number }>(
      'SELECT coalesce((SELECT n FROM org_device_counts WHERE org_uuid = ?), 0) AS n',
    ),
  );
  // Rows as arrays in the entity's column order (device_uuid first for flows and references): see
  // recordOf in columns.ts.
  const rowsOf = prepared(() =>
    db
      .prepare<[string], unknown[]>(
        `SELECT ${DEVICE_COLUMNS.join(', ')} FROM edge_devices WHERE uuid IN (SELECT value FROM json_each(?))
       ORDER BY created_on, uuid`,
      )
      .raw(),
  );
  const flowsOf = prepared(() =>
    db
      .prepare<[string], unknown[]>(
        `SELECT ${FLOW_COLUMNS.join(', ')} FROM edge_flows WHERE device_uuid IN (SELECT value FROM json_each(?))
       ORDER BY device_uuid, created_on, flow_id`,
      )
      .raw(),
  );
  const refsOf = prepared(() =>
    db
      .prepare<[string], unknown[]>(
        `SELECT ${REF_COLUMNS.join(', ')} FROM external_references
       WHERE device_uuid IN (SELECT value FROM json_each(?)) ORDER BY device_uuid, created_on, uuid`,
      )
      .raw(),
  );
  const getRow = prepared(() => db.prepare<[string], DeviceRow>('SELECT * FROM edge_devices WHERE uuid = ?'));
  // A serial is compared by its key (domain serialKey): the device whose serial reads the same.
  const byKey = prepared(() =>
    db.prepare<[string, string | null], DeviceRow>(
      'SELECT * FROM edge_devices WHERE org_uuid = ? AND serial_key = ?',
    ),
  );
  const bySerial = (orgUuid: string, serial: string) => byKey().get(orgUuid, serialKeyOf(serial));
  const insertDevice = prepared(() => db.prepare(insertSql('edge_devices', DEVICE_WRITTEN)));
  const upsertFlow = prepared(() =>
    db.prepare(
      insertSql('edge_flows', FLOW_COLUMNS, { key: 'device_uuid, flow_id', keep: ['uuid', 'created_on'] }),
    ),
  );
  const flowByUuid = prepared(() =>
    db.prepare<[string], { device_uuid: string; flow_id: string }>(
      'SELECT device_uuid, flow_id FROM edge_flows WHERE uuid = ?',
    ),
  );
  const refExists = prepared(() =>
    db.prepare<[string], { n: number }>('SELECT 1 AS n FROM external_references WHERE uuid = ?'),
  );
  const storedRefs = prepared(() =>
    db.prepare<[string], RefRow>('SELECT * FROM external_references WHERE device_uuid = ?'),
  );
  const deleteRefs = prepared(() => db.prepare('DELETE FROM external_references WHERE device_uuid = ?'));
  const insertRef = prepared(() => db.prepare(insertSql('external_references', REF_COLUMNS)));
  const touch = prepared(() => db.prepare('UPDATE edge_devices SET modified_on = ? WHERE uuid = ?'));
  // The counts of migration 3: every insert, and every move to another organization, updates them.
  const countIn = prepared(() =>
    db.prepare<[string, number]>(
      `INSERT INTO org_device_counts (org_uuid, n) VALUES (?, ?)
     ON CONFLICT (org_uuid) DO UPDATE SET n = n + excluded.n`,
    ),
  );
  const orgOf = prepared(() =>
    db.prepare<[string], { org_uuid: string }>('SELECT org_uuid FROM edge_devices WHERE uuid = ?'),
  );

  const keysAfter = prepared(() =>
    db.prepare(
      `${SCOPE_CTE} SELECT uuid, created_on FROM edge_devices WHERE org_uuid IN (SELECT uuid FROM scope)
       AND (created_on, uuid) > (@created, @uuid) ORDER BY created_on, uuid LIMIT @limit`,
    ),
  );

  /** A device written bare (no flows, no references) as its record. */
  function bareRecord(d: DeviceRow, tz: string): EdgeDevice {
    // Filled in place: spreading the device's fields into a second object cost as much as building it.
    const record = fromRow<EdgeDevice>(DEVICE, d, tz);
    record.edgeFlows = [];
    record.externalReferences = [];
    return record;
  }

  // Whether any device has a flow, or a reference: while none has (a table of bare devices), a page is one
  // query, not three (the two lookups were a third of a page's time).
  const anyFlow = prepared(() => db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM edge_flows)').pluck());
  const anyRef = prepared(() =>
    db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM external_references)').pluck(),
  );
  const none = new Map<string, unknown[][]>();

  /** Whole records of raw device rows (uuid first), their flows and references read in two queries. */
  function records(rows: unknown[][], tz: string): EdgeDevice[] {
    if (rows.length === 0) return [];
    const flowing = listing.remembered('anyFlow', () => anyFlow().get() === 1);
    const referring = listing.remembered('anyRef', () => anyRef().get() === 1);
    const keys = flowing || referring ? keyList(rows.map((d) => d[0] as string)) : '';
    const flows = flowing ? groupBy(flowsOf().all(keys), (f) => f[0] as string) : none;
    const refs = referring ? groupBy(refsOf().all(keys), (r) => r[0] as string) : none;
    return rows.map((d) => {
      const record = deviceOf(d, tz);
      record.edgeFlows = (flows.get(d[0] as string) ?? []).map((f) => flowOf(f, tz, 1));
      record.externalReferences = (refs.get(d[0] as string) ?? []).map((r) => referenceOf(r, tz, 1));
      return record;
    });
  }

  /** Whole records for the keys, in listing order: three queries whatever the page size. */
  function load(uuids: readonly string[], tz: string): EdgeDevice[] {
    return uuids.length === 0 ? [] : records(rowsOf().all(keyList(uuids)), tz);
  }

  /** Inserts a device with the timestamps given (server-set by the callers); returns the row stored. */
  function insert(d: EdgeDevice & { uuid: string; orgUUID: string }, now: number): DeviceRow {
    return insertAt(d, d, now);
  }

  /** insert(), the device's key and organization given apart: a request's records are stored as sent. */
  function insertAt(d: EdgeDevice, at: Placement, now: number, added?: Map<string, number>): DeviceRow {
    const row = newDeviceRowOf(d, at, now);
    listing.written();
    insertDevice().run(writtenValues(row));
    // A batch counts its devices in and adds them once an organization, at its end.
    if (added) added.set(row.org_uuid, (added.get(row.org_uuid) ?? 0) + 1);
    else countIn().run(row.org_uuid, 1);
    return row;
  }

  /**
   * insert(), or undefined when the organization has another device with this serial number (as people read
   * it): the unique index of (org_uuid, serial_key) says so, instead of a lookup before every insert.
   */
  function insertNew(
    d: EdgeDevice,
    at: Placement,
    now: number,
    added?: Map<string, number>,
  ): DeviceRow | undefined {
    try {
      return insertAt(d, at, now, added);
    } catch (err) {
      if ((err as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE') return undefined;
      throw err;
    }
  }

  /** Updates the fields sent. */
  function update(uuid: string, patch: Partial<EdgeDevice>, now: number): void {
    const { sets, params } = updateOf(DEVICE, DEVICE_UPDATABLE, patch);
    if (patch.serialNumber !== undefined) {
      sets.push('serial_key = @serial_key');
      params.serial_key = serialKeyOf(patch.serialNumber);
    }
    listing.written();
    const from = patch.orgUUID ? orgOf().get(uuid)?.org_uuid : undefined;
    if (from && from !== patch.orgUUID) {
      countIn().run(from, -1);
      countIn().run(patch.orgUUID!, 1);
    }
    db.prepare(
      `UPDATE edge_devices SET ${[...sets, 'modified_on = @now'].join(', ')} WHERE uuid = @uuid`,
    ).run({ ...params, uuid, now });
  }

  function upsert(deviceUuid: string, f: EdgeFlow & { flowId: string }, now: number): void {
    // A flow is named by flowId; a uuid sent with it is kept only while no other flow holds it.
    const holder = f.uuid ? flowByUuid().get(f.uuid) : undefined;
    const free = !holder || (holder.device_uuid === deviceUuid && holder.flow_id === f.flowId);
    const row = toRow(FLOW, f, {
      uuid: f.uuid && free ? f.uuid : randomUUID(),
      is_active: f.isActive === false ? 0 : 1,
      is_disabled: f.isDisabled === true ? 1 : 0,
      created_on: now,
      modified_on: now,
    });
    upsertFlow().run(bind({ ...row, device_uuid: deviceUuid }, FLOW_COLUMNS));
    // After the write: what the listing remembers (a table without flows, say) is asked again.
    listing.written();
  }

  /** Replaces a device's references; the password column holds the mask where one is set (keptPassword). */
  function replaceReferences(deviceUuid: string, refs: ExternalReference[], now: number) {
    const stored = storedRefs().all(deviceUuid);
    deleteRefs().run(deviceUuid);
    for (const r of refs) {
      const row = toRow(REFERENCE, r, {
        uuid: r.uuid && !refExists().get(r.uuid) ? r.uuid : randomUUID(),
        password: r.password === MASK ? keptPassword(stored, r) : r.password == null ? null : MASK,
        is_active: r.isActive === false ? 0 : 1,
        created_on: now,
        modified_on: now,
      });
      insertRef().run(bind({ ...row, device_uuid: deviceUuid }, REF_COLUMNS));
    }
    listing.written();
  }

  // The clone's copier, made when a clone first copies: no other command does.
  const copies = prepared(() => deviceCopies(db, () => listing.written()));
  type Copies = ReturnType<typeof deviceCopies>;
  return {
    load,
    insert,
    copy: (...a: Parameters<Copies['copy']>) => copies().copy(...a),
    listed: {
      begin: () => copies().listed.begin(),
      note: (uuids: readonly string[]) => copies().listed.note(uuids),
      dropOthers: () => copies().listed.dropOthers(),
    },
    update,
    upsertFlow: upsert,
    replaceReferences,
    get: (uuid: string) => getRow().get(uuid),
    /** The organization's device whose serial number reads as `serial` does (domain serialKey). */
    bySerial,
    /** The keys of one page of the caller's listing, in order. */
    pageKeys: listing.pageKeys,
    /** One page of the caller's listing as whole records: its rows read in one walk of the index. */
    page: (root: string, limit: number, offset: number, tz: string) =>
      records(listing.pageRows(root, limit, offset), tz),
    /** The page after `after` (null: the first), and the key the next one starts after (null: the last). */
    pageAfter(root: string, limit: number, after: { createdOn: number; uuid: string } | null, tz: string) {
      const keys = (
        after
          ? keysAfter().all({ root, limit, created: after.createdOn, uuid: after.uuid })
          : keysAfter().all({ root, limit, created: -Infinity, uuid: '' })
      ) as { uuid: string; created_on: number }[];
      const last = keys.length === limit ? keys[keys.length - 1] : undefined;
      return {
        records: load(
          keys.map((k) => k.uuid),
          tz,
        ),
        next: last ? { createdOn: last.created_on, uuid: last.uuid } : null,
      };
    },
    countInScope: listing.countInScope,
    /** Runs `fn`, one read transaction's page and count, checking the listing's caches once. */
    checked: listing.checked,
    countInOrg: (orgUuid: string) => orgCount().get(orgUuid)!.n,
    touch: (uuid: string, now: number) => touch().run(now, uuid),
    /**
     * Saves devices one by one (created when `existing` is false, else updated, with their flows and
     * references), then answers the saved records. When every device was created bare, the answer is built
     * from the rows written instead of read back, unless SQLite would have converted a value on the way in.
     */
    batch(now: number) {
      const saved: string[] = [];
      const inserted: DeviceRow[] = [];
      const added = new Map<string, number>();
      let onlyInserted = true;
      return {
        /**
         * Saves `d` as the device `at` names (in that organization, added by that user). False, saving
         * nothing, when another device of the organization has the serial number.
         */
        save(d: EdgeDevice, at: Placement, existing: boolean): boolean {
          const { uuid } = at;
          if (existing) {
            const clash = d.serialNumber ? bySerial(at.orgUUID, d.serialNumber) : undefined;
            if (clash && clash.uuid !== uuid) return false;
            update(uuid, { ...d, orgUUID: at.orgUUID, userUUID: at.userUUID }, now);
          } else {
            const row = insertNew(d, at, now, added);
            if (!row) return false;
            inserted.push(row);
          }
          const flows = d.edgeFlows ?? [];
          if (existing || flows.length > 0 || (d.externalReferences?.length ?? 0) > 0) onlyInserted = false;
          for (const f of flows) upsert(uuid, { ...f, flowId: f.flowId ?? f.uuid ?? randomUUID() }, now);
          if (d.externalReferences) replaceReferences(uuid, d.externalReferences, now);
          saved.push(uuid);
          return true;
        },
        /** Adds the devices inserted to their organizations' counts; call it once all are saved. */
        end(): void {
          for (const [org, n] of added) countIn().run(org, n);
          added.clear();
        },
        records(tz: string): EdgeDevice[] {
          if (onlyInserted && inserted.every((r) => storedAsIs(DEVICE, r)))
            return [...inserted].sort(listingOrder).map((d) => bareRecord(d, tz));
          return load(saved, tz);
        },
      };
    },
  };
}

export type EdgeDeviceRepo = ReturnType<typeof edgeDeviceRepo>;
