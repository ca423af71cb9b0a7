// The columns of an edge device, its flows and its external references: the record's fields, the table's
// columns and how each is stored, shared by the repository and the clone's copier.
import type { EdgeDevice, EdgeFlow, ExternalReference } from '../../domain/edge-device.js';
import { serialKey } from '../../domain/serial-key.js';
import { columnsOf, fieldsAs, type RowOf, recordOf } from './columns.js';

export const DEVICE = [
  ...fieldsAs('key', 'uuid'),
  ...fieldsAs('text', 'edgeDeviceName', 'serialNumber', 'ipAdress'),
  ...fieldsAs('integer', 'port'),
  ...fieldsAs('text', 'location', 'shortDescription', 'longDescription'),
  { field: 'noOfdevices', column: 'no_of_devices', type: 'integer' },
  ...fieldsAs('boolean', 'isActive', 'isDisabled'),
  ...fieldsAs('text', 'orgUUID', 'userUUID'),
  ...fieldsAs('stamp', 'createdOn', 'modifiedOn'),
] as const;
export type DeviceRow = RowOf<typeof DEVICE> & { org_uuid: string };
// What an update may change: everything but the key and the server's timestamps.
export const DEVICE_UPDATABLE = DEVICE.filter((c) => c.type !== 'stamp' && c.field !== 'uuid').map(
  (c) => c.field,
);

export const FLOW = [
  ...fieldsAs('key', 'uuid'),
  ...fieldsAs('text', 'flowId', 'flowName', 'flowJSON', 'shortDescription', 'longDescription'),
  ...fieldsAs('boolean', 'isActive', 'isDisabled'),
  ...fieldsAs('stamp', 'createdOn', 'modifiedOn'),
] as const;
export const FLOW_COLUMNS = columnsOf(FLOW, ['device_uuid']);

export const REFERENCE = [
  ...fieldsAs('key', 'uuid'),
  ...fieldsAs('text', 'entityTypeCodeIdentifier', 'entityTypeUUID', 'subType', 'userName'),
  ...fieldsAs('secret', 'password'),
  ...fieldsAs('boolean', 'isActive'),
  ...fieldsAs('stamp', 'createdOn', 'modifiedOn'),
] as const;
export type RefRow = RowOf<typeof REFERENCE> & { device_uuid: string };
export const REF_COLUMNS = columnsOf(REFERENCE, ['device_uuid']);

export const DEVICE_COLUMNS = columnsOf(DEVICE);
/** The columns a device is written with: its record's, then the key its serial number is compared by. */
export const DEVICE_WRITTEN = [...DEVICE_COLUMNS, 'serial_key'];
/** The key of a stored serial number (domain serialKey), null for none. */
export const serialKeyOf = (serial: string | null | undefined) => (serial == null ? null : serialKey(serial));
/**
 * A device row's values in DEVICE_WRITTEN order, for a statement from insertSql. Written out as
 * newDeviceRowOf is, for every device a bulk add writes (test/server/store/columns.test.ts holds the two to
 * DEVICE's columns).
 */
export function writtenValues(row: DeviceRow): unknown[] {
  return [
    row.uuid,
    row.edge_device_name,
    row.serial_number,
    row.ip_adress,
    row.port,
    row.location,
    row.short_description,
    row.long_description,
    row.no_of_devices,
    row.is_active,
    row.is_disabled,
    row.org_uuid,
    row.user_uuid,
    row.created_on,
    row.modified_on,
    serialKeyOf(row.serial_number),
  ];
}
export const deviceOf = recordOf<EdgeDevice>(DEVICE);
export const flowOf = recordOf<EdgeFlow>(FLOW);
export const referenceOf = recordOf<ExternalReference>(REFERENCE);

/** Where a device is saved: its key, its organization and the user who saved it. */
export interface Placement {
  uuid: string;
  orgUUID: string;
  userUUID?: string | null;
}

/**
 * A new device's row: server stamps, and active and enabled unless it says otherwise, as its flows are.
 * Written out column by column (in DEVICE's order) rather than by toRow's walk of the columns: it is made for
 * every device a bulk add or an import writes, and the walk cost as much as binding the row's values.
 */
export function newDeviceRowOf(d: EdgeDevice, at: Placement, now: number): DeviceRow {
  return {
    uuid: at.uuid,
    edge_device_name: d.edgeDeviceName ?? null,
    serial_number: d.serialNumber ?? null,
    ip_adress: d.ipAdress ?? null,
    port: d.port ?? null,
    location: d.location ?? null,
    short_description: d.shortDescription ?? null,
    long_description: d.longDescription ?? null,
    no_of_devices: d.noOfdevices ?? null,
    is_active: d.isActive === false ? 0 : 1,
    is_disabled: d.isDisabled === true ? 1 : 0,
    org_uuid: at.orgUUID,
    user_uuid: at.userUUID ?? null,
    created_on: now,
    modified_on: now,
  };
}

/** Orders rows as load() does: created_on, then uuid in SQLite's binary collation (code unit order). */
export const listingOrder = (a: DeviceRow, b: DeviceRow) =>
  a.created_on - b.created_on || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);
