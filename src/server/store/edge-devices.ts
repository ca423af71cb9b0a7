import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { EdgeDevice, EdgeFlow, ExternalReference } from '../../domain/edge-device.js';
import { formatTimestamp } from '../../domain/timestamp.js';
import { groupBy, keyList, orNull, toBool, toInt } from './values.js';

export interface DeviceRow {
  uuid: string;
  org_uuid: string;
  user_uuid: string | null;
  edge_device_name: string | null;
  serial_number: string | null;
  ip_adress: string | null;
  port: number | null;
  location: string | null;
  short_description: string | null;
  long_description: string | null;
  no_of_devices: number | null;
  is_active: number | null;
  is_disabled: number | null;
  created_on: number;
  modified_on: number;
}

interface FlowRow {
  uuid: string;
  device_uuid: string;
  flow_id: string;
  flow_name: string | null;
  flow_json: string | null;
  short_description: string | null;
  long_description: string | null;
  is_active: number | null;
  is_disabled: number | null;
  created_on: number;
  modified_on: number;
}

interface RefRow {
  uuid: string;
  device_uuid: string;
  entity_type_code_identifier: string | null;
  entity_type_uuid: string | null;
  sub_type: string | null;
  user_name: string | null;
  password: string | null;
  is_active: number | null;
  created_on: number;
  modified_on: number;
}

const DEVICE_FIELDS = {
  edgeDeviceName: 'edge_device_name',
  serialNumber: 'serial_number',
  ipAdress: 'ip_adress',
  port: 'port',
  location: 'location',
  shortDescription: 'short_description',
  longDescription: 'long_description',
  noOfdevices: 'no_of_devices',
  isActive: 'is_active',
  isDisabled: 'is_disabled',
  userUUID: 'user_uuid',
  orgUUID: 'org_uuid',
} as const;

const DEVICE_COLUMNS = [
  'uuid',
  'org_uuid',
  'user_uuid',
  'edge_device_name',
  'serial_number',
  'ip_adress',
  'port',
  'location',
  'short_description',
  'long_description',
  'no_of_devices',
  'is_active',
  'is_disabled',
  'created_on',
  'modified_on',
] as const satisfies readonly (keyof DeviceRow)[];

const TEXT_COLUMNS = [
  'uuid',
  'org_uuid',
  'user_uuid',
  'edge_device_name',
  'serial_number',
  'ip_adress',
  'location',
  'short_description',
  'long_description',
] as const;
const INTEGER_COLUMNS = [
  'port',
  'no_of_devices',
  'is_active',
  'is_disabled',
  'created_on',
  'modified_on',
] as const;

/** True when SQLite stores and returns every value of the row unchanged (text as text, integers as integers). */
function storedAsIs(row: DeviceRow): boolean {
  for (const c of TEXT_COLUMNS) {
    const v = row[c];
    if (v !== null && typeof v !== 'string') return false;
  }
  for (const c of INTEGER_COLUMNS) {
    const v = row[c];
    if (v !== null && !Number.isSafeInteger(v)) return false;
  }
  return true;
}

// The caller's organization and everything below it, as a CTE the listing queries share.
const SCOPE = `WITH RECURSIVE scope(uuid) AS (
    SELECT uuid FROM organizations WHERE uuid = @root UNION
    SELECT o.uuid FROM organizations o JOIN scope ON o.parent_uuid = scope.uuid
  )`;

interface Key {
  uuid: string;
  created_on: number;
}

// Clients read a listing page after page; remembering where each served page ended lets the next page
// seek there instead of skipping every entry before it. Any write (here or, via data_version, by another
// connection to the file) forgets it all.
const MAX_REMEMBERED = 10_000;

export function edgeDeviceRepo(db: Database.Database) {
  let writes = 0;
  let cacheVersion = '';
  const pageEnds = new Map<string, Key>();
  const counts = new Map<string, number>();
  const fresh = () => {
    const version = `${writes}:${db.pragma('data_version', { simple: true })}`;
    if (version !== cacheVersion) {
      cacheVersion = version;
      pageEnds.clear();
      counts.clear();
    }
  };
  // Keys first, from the covering index alone; rows are loaded only for the page.
  const pageKeys = db.prepare<[{ root: string; limit: number; offset: number }], Key>(
    `${SCOPE} SELECT d.uuid, d.created_on FROM edge_devices d INDEXED BY edge_devices_by_created
      WHERE d.org_uuid IN (SELECT uuid FROM scope)
      ORDER BY d.created_on, d.uuid LIMIT @limit OFFSET @offset`,
  );
  // The same page found by seeking past the previous page's last key: no entries to skip.
  const pageKeysAfter = db.prepare<[{ root: string; limit: number; created: number; uuid: string }], Key>(
    `${SCOPE} SELECT d.uuid, d.created_on FROM edge_devices d INDEXED BY edge_devices_by_created
      WHERE (d.created_on, d.uuid) > (@created, @uuid) AND d.org_uuid IN (SELECT uuid FROM scope)
      ORDER BY d.created_on, d.uuid LIMIT @limit`,
  );
  const scopeCount = db.prepare<[{ root: string }], { n: number }>(
    `${SCOPE} SELECT count(*) AS n FROM edge_devices WHERE org_uuid IN (SELECT uuid FROM scope)`,
  );
  const orgCount = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM edge_devices WHERE org_uuid = ?',
  );
  const rowsOf = db.prepare<[string], DeviceRow>(
    `SELECT * FROM edge_devices WHERE uuid IN (SELECT value FROM json_each(?)) ORDER BY created_on, uuid`,
  );
  const flowsOf = db.prepare<[string], FlowRow>(
    `SELECT * FROM edge_flows WHERE device_uuid IN (SELECT value FROM json_each(?))
     ORDER BY device_uuid, created_on, flow_id`,
  );
  const refsOf = db.prepare<[string], RefRow>(
    `SELECT * FROM external_references WHERE device_uuid IN (SELECT value FROM json_each(?))
     ORDER BY device_uuid, created_on, uuid`,
  );
  const getRow = db.prepare<[string], DeviceRow>('SELECT * FROM edge_devices WHERE uuid = ?');
  const bySerial = db.prepare<[string, string], DeviceRow>(
    'SELECT * FROM edge_devices WHERE org_uuid = ? AND serial_number = ?',
  );
  // Positional parameters in DEVICE_COLUMNS order: binding an array is cheaper than a named object.
  const insertDevice = db.prepare(
    `INSERT INTO edge_devices (${DEVICE_COLUMNS.join(', ')}) VALUES (${DEVICE_COLUMNS.map(() => '?').join(', ')})`,
  );
  const upsertFlow = db.prepare(
    `INSERT INTO edge_flows (uuid, device_uuid, flow_id, flow_name, flow_json, short_description,
       long_description, is_active, is_disabled, created_on, modified_on)
     VALUES (@uuid, @device_uuid, @flow_id, @flow_name, @flow_json, @short_description, @long_description,
       @is_active, @is_disabled, @now, @now)
     ON CONFLICT (device_uuid, flow_id) DO UPDATE SET flow_name = excluded.flow_name,
       flow_json = excluded.flow_json, short_description = excluded.short_description,
       long_description = excluded.long_description, is_active = excluded.is_active,
       is_disabled = excluded.is_disabled, modified_on = excluded.modified_on`,
  );
  const flowByUuid = db.prepare<[string], { device_uuid: string; flow_id: string }>(
    'SELECT device_uuid, flow_id FROM edge_flows WHERE uuid = ?',
  );
  const refExists = db.prepare<[string], { n: number }>(
    'SELECT 1 AS n FROM external_references WHERE uuid = ?',
  );
  const deleteRefs = db.prepare('DELETE FROM external_references WHERE device_uuid = ?');
  const insertRef = db.prepare(
    `INSERT INTO external_references (uuid, device_uuid, entity_type_code_identifier, entity_type_uuid,
       sub_type, user_name, password, is_active, created_on, modified_on)
     VALUES (@uuid, @device_uuid, @entity_type_code_identifier, @entity_type_uuid, @sub_type, @user_name,
       @password, @is_active, @now, @now)`,
  );
  const touch = db.prepare('UPDATE edge_devices SET modified_on = ? WHERE uuid = ?');

  function toFlow(f: FlowRow, tz: string): EdgeFlow {
    return {
      uuid: f.uuid,
      flowId: f.flow_id,
      flowName: f.flow_name,
      flowJSON: f.flow_json,
      shortDescription: f.short_description,
      longDescription: f.long_description,
      isActive: toBool(f.is_active),
      isDisabled: toBool(f.is_disabled),
      createdOn: formatTimestamp(f.created_on, tz),
      modifiedOn: formatTimestamp(f.modified_on, tz),
    };
  }

  function toRef(r: RefRow, tz: string): ExternalReference {
    return {
      uuid: r.uuid,
      entityTypeCodeIdentifier: r.entity_type_code_identifier,
      entityTypeUUID: r.entity_type_uuid,
      subType: r.sub_type,
      userName: r.user_name,
      password: r.password,
      isActive: toBool(r.is_active),
      createdOn: formatTimestamp(r.created_on, tz),
      modifiedOn: formatTimestamp(r.modified_on, tz),
    };
  }

  function toRecord(d: DeviceRow, flows: FlowRow[], refs: RefRow[], tz: string): EdgeDevice {
    return {
      uuid: d.uuid,
      edgeDeviceName: d.edge_device_name,
      serialNumber: d.serial_number,
      ipAdress: d.ip_adress,
      port: d.port,
      location: d.location,
      shortDescription: d.short_description,
      longDescription: d.long_description,
      noOfdevices: d.no_of_devices,
      isActive: toBool(d.is_active),
      isDisabled: toBool(d.is_disabled),
      orgUUID: d.org_uuid,
      userUUID: d.user_uuid,
      createdOn: formatTimestamp(d.created_on, tz),
      modifiedOn: formatTimestamp(d.modified_on, tz),
      edgeFlows: flows.map((f) => toFlow(f, tz)),
      externalReferences: refs.map((r) => toRef(r, tz)),
    };
  }

  /** Whole records for the keys, in listing order: three queries whatever the page size. */
  function load(uuids: readonly string[], tz: string): EdgeDevice[] {
    if (uuids.length === 0) return [];
    const keys = keyList(uuids);
    const flows = groupBy(flowsOf.all(keys), (f) => f.device_uuid);
    const refs = groupBy(refsOf.all(keys), (r) => r.device_uuid);
    return rowsOf.all(keys).map((d) => toRecord(d, flows.get(d.uuid) ?? [], refs.get(d.uuid) ?? [], tz));
  }

  return {
    load,
    get: (uuid: string) => getRow.get(uuid),
    bySerial: (orgUuid: string, serial: string) => bySerial.get(orgUuid, serial),
    /** The keys of one page of the caller's listing, in order. */
    pageKeys(root: string, limit: number, offset: number): string[] {
      fresh();
      const after = offset > 0 ? pageEnds.get(`${root}:${offset}`) : undefined;
      const keys = after
        ? pageKeysAfter.all({ root, limit, created: after.created_on, uuid: after.uuid })
        : pageKeys.all({ root, limit, offset });
      const last = keys[keys.length - 1];
      if (last && keys.length === limit) {
        if (pageEnds.size >= MAX_REMEMBERED) pageEnds.clear();
        pageEnds.set(`${root}:${offset + limit}`, last);
      }
      return keys.map((k) => k.uuid);
    },
    countInScope(root: string): number {
      fresh();
      let n = counts.get(root);
      if (n === undefined) {
        n = scopeCount.get({ root })!.n;
        counts.set(root, n);
      }
      return n;
    },
    countInOrg: (orgUuid: string) => orgCount.get(orgUuid)!.n,
    /** Inserts a device with the timestamps given (server-set by the callers); returns the row stored. */
    insert(d: EdgeDevice & { uuid: string; orgUUID: string }, now: number): DeviceRow {
      const row: DeviceRow = {
        uuid: d.uuid,
        org_uuid: d.orgUUID,
        user_uuid: value(d.userUUID) as string | null,
        edge_device_name: value(d.edgeDeviceName) as string | null,
        serial_number: value(d.serialNumber) as string | null,
        ip_adress: value(d.ipAdress) as string | null,
        port: value(d.port) as number | null,
        location: value(d.location) as string | null,
        short_description: value(d.shortDescription) as string | null,
        long_description: value(d.longDescription) as string | null,
        no_of_devices: value(d.noOfdevices) as number | null,
        // A new device is active and enabled unless it says otherwise, as its flows are.
        is_active: value(d.isActive ?? true) as number | null,
        is_disabled: value(d.isDisabled ?? false) as number | null,
        created_on: now,
        modified_on: now,
      };
      writes++;
      insertDevice.run(DEVICE_COLUMNS.map((c) => row[c]));
      return row;
    },
    /**
     * What load() returns for devices just inserted (rows from insert(), no flows or references yet), in
     * the same order, without reading them back. Undefined when a value is not of its column's type, as
     * SQLite would then convert it on the way in: the caller loads the devices instead.
     */
    insertedRecords(rows: readonly DeviceRow[], tz: string): EdgeDevice[] | undefined {
      if (!rows.every(storedAsIs)) return undefined;
      // load() orders by created_on, then uuid (SQLite's binary collation: code unit order for uuids).
      const sorted = [...rows].sort((a, b) =>
        a.created_on !== b.created_on
          ? a.created_on - b.created_on
          : a.uuid < b.uuid
            ? -1
            : a.uuid > b.uuid
              ? 1
              : 0,
      );
      return sorted.map((d) => toRecord(d, [], [], tz));
    },
    /** Updates the fields sent. */
    update(uuid: string, patch: Partial<EdgeDevice>, now: number): void {
      const sets: string[] = ['modified_on = @now'];
      const params: Record<string, unknown> = { uuid, now };
      for (const [field, col] of Object.entries(DEVICE_FIELDS)) {
        const v = patch[field as keyof EdgeDevice];
        if (v === undefined) continue;
        sets.push(`${col} = @${col}`);
        params[col] = value(v);
      }
      writes++;
      db.prepare(`UPDATE edge_devices SET ${sets.join(', ')} WHERE uuid = @uuid`).run(params);
    },
    touch: (uuid: string, now: number) => touch.run(now, uuid),
    upsertFlow(deviceUuid: string, f: EdgeFlow & { flowId: string }, now: number): void {
      // A flow is named by flowId; a uuid sent with it is kept only while no other flow holds it.
      const holder = f.uuid ? flowByUuid.get(f.uuid) : undefined;
      const free = !holder || (holder.device_uuid === deviceUuid && holder.flow_id === f.flowId);
      upsertFlow.run({
        uuid: f.uuid && free ? f.uuid : randomUUID(),
        device_uuid: deviceUuid,
        flow_id: f.flowId,
        flow_name: orNull(f.flowName),
        flow_json: orNull(f.flowJSON),
        short_description: orNull(f.shortDescription),
        long_description: orNull(f.longDescription),
        is_active: toInt(f.isActive ?? true),
        is_disabled: toInt(f.isDisabled ?? false),
        now,
      });
    },
    replaceReferences(deviceUuid: string, refs: ExternalReference[], now: number): void {
      deleteRefs.run(deviceUuid);
      for (const r of refs) {
        insertRef.run({
          uuid: r.uuid && !refExists.get(r.uuid) ? r.uuid : randomUUID(),
          device_uuid: deviceUuid,
          entity_type_code_identifier: orNull(r.entityTypeCodeIdentifier),
          entity_type_uuid: orNull(r.entityTypeUUID),
          sub_type: orNull(r.subType),
          user_name: orNull(r.userName),
          password: orNull(r.password),
          is_active: toInt(r.isActive ?? true),
          now,
        });
      }
    },
  };
}

function value(v: unknown): unknown {
  return typeof v === 'boolean' ? toInt(v) : (v ?? null);
}

export type EdgeDeviceRepo = ReturnType<typeof edgeDeviceRepo>;
