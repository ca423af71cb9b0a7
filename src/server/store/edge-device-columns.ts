// The columns of an edge device, its flows and its external references: the record's fields, the table's
// columns and how each is stored, shared by the repository and the clone's copier.
import type { EdgeDevice, EdgeFlow, ExternalReference } from '../../domain/edge-device.js';
import { columnsOf, type RowOf, recordOf } from './columns.js';

export const DEVICE = [
  { field: 'uuid', column: 'uuid', type: 'key' },
  { field: 'edgeDeviceName', column: 'edge_device_name', type: 'text' },
  { field: 'serialNumber', column: 'serial_number', type: 'text' },
  { field: 'ipAdress', column: 'ip_adress', type: 'text' },
  { field: 'port', column: 'port', type: 'integer' },
  { field: 'location', column: 'location', type: 'text' },
  { field: 'shortDescription', column: 'short_description', type: 'text' },
  { field: 'longDescription', column: 'long_description', type: 'text' },
  { field: 'noOfdevices', column: 'no_of_devices', type: 'integer' },
  { field: 'isActive', column: 'is_active', type: 'boolean' },
  { field: 'isDisabled', column: 'is_disabled', type: 'boolean' },
  { field: 'orgUUID', column: 'org_uuid', type: 'text' },
  { field: 'userUUID', column: 'user_uuid', type: 'text' },
  { field: 'createdOn', column: 'created_on', type: 'stamp' },
  { field: 'modifiedOn', column: 'modified_on', type: 'stamp' },
] as const;
export type DeviceRow = RowOf<typeof DEVICE> & { org_uuid: string };
// What an update may change: everything but the key and the server's timestamps.
export const DEVICE_UPDATABLE = DEVICE.filter((c) => c.type !== 'stamp' && c.field !== 'uuid').map(
  (c) => c.field,
);

export const FLOW = [
  { field: 'uuid', column: 'uuid', type: 'key' },
  { field: 'flowId', column: 'flow_id', type: 'text' },
  { field: 'flowName', column: 'flow_name', type: 'text' },
  { field: 'flowJSON', column: 'flow_json', type: 'text' },
  { field: 'shortDescription', column: 'short_description', type: 'text' },
  { field: 'longDescription', column: 'long_description', type: 'text' },
  { field: 'isActive', column: 'is_active', type: 'boolean' },
  { field: 'isDisabled', column: 'is_disabled', type: 'boolean' },
  { field: 'createdOn', column: 'created_on', type: 'stamp' },
  { field: 'modifiedOn', column: 'modified_on', type: 'stamp' },
] as const;
export const FLOW_COLUMNS = columnsOf(FLOW, ['device_uuid']);

export const REFERENCE = [
  { field: 'uuid', column: 'uuid', type: 'key' },
  { field: 'entityTypeCodeIdentifier', column: 'entity_type_code_identifier', type: 'text' },
  { field: 'entityTypeUUID', column: 'entity_type_uuid', type: 'text' },
  { field: 'subType', column: 'sub_type', type: 'text' },
  { field: 'userName', column: 'user_name', type: 'text' },
  { field: 'password', column: 'password', type: 'secret' },
  { field: 'isActive', column: 'is_active', type: 'boolean' },
  { field: 'createdOn', column: 'created_on', type: 'stamp' },
  { field: 'modifiedOn', column: 'modified_on', type: 'stamp' },
] as const;
export type RefRow = RowOf<typeof REFERENCE> & { device_uuid: string };
export const REF_COLUMNS = columnsOf(REFERENCE, ['device_uuid']);

export const DEVICE_COLUMNS = columnsOf(DEVICE);
export const deviceOf = recordOf<EdgeDevice>(DEVICE);
export const flowOf = recordOf<EdgeFlow>(FLOW);
export const referenceOf = recordOf<ExternalReference>(REFERENCE);

/** Where a device is saved: its key, its organization and the user who saved it. */
export interface Placement {
  uuid: string;
  orgUUID: string;
  userUUID?: string | null;
}

/** Orders rows as load() does: created_on, then uuid in SQLite's binary collation (code unit order). */
export const listingOrder = (a: DeviceRow, b: DeviceRow) =>
  a.created_on - b.created_on || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);
