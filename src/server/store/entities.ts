// The columns of the records other than edge devices: one definition, read by both adapters (organizations.ts,
// codes.ts, licenses.ts and notifications.ts for SQLite; postgres/repositories.ts), which keep the same columns.
import type { ExternalReference } from '../../domain/edge-device.js';
import type { Role, TokenEntry, TokenGrant } from '../../domain/grants.js';
import type { License, LicenseDetails, LicenseRecord } from '../../domain/license.js';
import {
  type Column,
  columnsOf,
  type Entity,
  fieldsAs,
  fromRow,
  type RowOf,
  sqlValue,
  toRow,
} from './columns.js';
import { TOKEN_ID_LENGTH } from './port.js';

export const ORGANIZATION = [
  ...fieldsAs('key', 'uuid'),
  ...fieldsAs('text', 'codeUuid', 'orgAdmin', 'orgName'),
  { field: 'organizationUuid', column: 'parent_uuid', type: 'text' },
  ...fieldsAs('text', 'userUuid'),
  ...fieldsAs('boolean', 'isActive', 'isDemo'),
  ...fieldsAs('stamp', 'createdOn', 'updatedOn'),
] as const;
export type OrgRow = RowOf<typeof ORGANIZATION>;
export const ORG_COLUMNS = columnsOf(ORGANIZATION);
// The parent link is not changed by an update (the tree comes from fixtures), nor are the key and stamps.
export const ORG_UPDATABLE = ORGANIZATION.filter(
  (c) => c.type !== 'stamp' && c.type !== 'key' && c.field !== 'organizationUuid',
).map((c) => c.field);

export const ADDRESS = [
  ...fieldsAs('text', 'uuid', 'codeUuid', 'city', 'country', 'orgEmail', 'orgMobile', 'pin', 'state'),
  ...fieldsAs('text', 'streetAddress', 'website'),
  ...fieldsAs('boolean', 'isActive'),
  ...fieldsAs('stamp', 'createdOn', 'updatedOn'),
] as const;
export type AddressRow = RowOf<typeof ADDRESS> & { org_uuid: string };
export const ADDRESS_COLUMNS = columnsOf(ADDRESS, ['org_uuid']);

export const ORG_OPTION = [
  ...fieldsAs('key', 'uuid', 'key'),
  ...fieldsAs('text', 'value'),
  { field: 'organizationUuid', column: 'org_uuid', type: 'key' },
  ...fieldsAs('boolean', 'isActive'),
  ...fieldsAs('stamp', 'createdOn', 'updatedOn'),
] as const;

const describedBy = <F extends string>(identifier: F) =>
  [
    ...fieldsAs('key', 'uuid'),
    ...fieldsAs('text', 'clazz', identifier, 'shortDescription', 'longDescription', 'value'),
    ...fieldsAs('boolean', 'isActive'),
    ...fieldsAs('stamp', 'createdOn', 'updatedOn'),
  ] as const satisfies Entity;
// A code type and a code share their columns but for the identifier's name.
export const CODE_TYPE = describedBy('codeTypeIdentifier');
export const CODE = describedBy('codeIdentifier');
export type CodeTypeRow = RowOf<typeof CODE_TYPE>;
export type CodeRow = RowOf<typeof CODE> & { code_type_uuid: string | null };
export const TYPE_COLUMNS = columnsOf(CODE_TYPE);
export const CODE_COLUMNS = columnsOf(CODE, ['code_type_uuid']);

// One row holds the record, its details and its license: `in` says which of the three a column belongs to, and
// each part's columns stand in the order the record shows its fields.
type Part = 'record' | 'details' | 'license';
export const LICENSE_ROW = [
  { in: 'record', field: 'uuid', column: 'uuid', type: 'key' },
  { in: 'record', field: 'attributeName', column: 'attribute_name', type: 'text' },
  { in: 'record', field: 'serialNumber', column: 'serial_number', type: 'text' },
  { in: 'record', field: 'value', column: 'value', type: 'text' },
  { in: 'record', field: 'createOn', column: 'create_on', type: 'stamp' },
  { in: 'record', field: 'updatedOn', column: 'updated_on', type: 'stamp' },
  { in: 'details', field: 'uuid', column: 'details_uuid', type: 'text' },
  { in: 'details', field: 'type', column: 'details_type', type: 'text' },
  { in: 'details', field: 'active', column: 'details_active', type: 'boolean' },
  { in: 'details', field: 'total', column: 'total', type: 'integer' },
  { in: 'details', field: 'createOn', column: 'details_create_on', type: 'stamp' },
  { in: 'details', field: 'updateOn', column: 'details_update_on', type: 'stamp' },
  { in: 'details', field: 'componentDetails', column: 'component_details', type: 'json' },
  { in: 'license', field: 'uuid', column: 'license_uuid', type: 'text' },
  { in: 'license', field: 'licenseKey', column: 'license_key', type: 'text' },
  { in: 'license', field: 'orgUuid', column: 'org_uuid', type: 'text' },
  { in: 'license', field: 'status', column: 'status', type: 'text' },
  { in: 'license', field: 'active', column: 'active', type: 'boolean' },
  { in: 'license', field: 'activateOn', column: 'activate_on', type: 'instant' },
  { in: 'license', field: 'createdOn', column: 'license_created_on', type: 'stamp' },
  { in: 'license', field: 'licenseFrom', column: 'license_from', type: 'instant' },
  { in: 'license', field: 'licenseTo', column: 'license_to', type: 'instant' },
  { in: 'license', field: 'updateOn', column: 'license_update_on', type: 'stamp' },
  { in: 'license', field: 'details', column: 'license_extra', type: 'json' },
] as const satisfies readonly (Column & { in: Part })[];
export type LicenseRow = RowOf<typeof LICENSE_ROW>;
export const LICENSE_COLUMNS = columnsOf(LICENSE_ROW);
const partOf = (part: Part) => LICENSE_ROW.filter((c) => c.in === part);
export const LICENSE_RECORD = partOf('record');
export const LICENSE_DETAILS = partOf('details');
export const LICENSE = partOf('license');
// Every stamp of a license is set when it is put: a fixture replaces the whole row.
const LICENSE_STAMPS = LICENSE_ROW.filter((c) => c.type === 'stamp').map((c) => c.column);
const DAY_MS = 86_400_000;

/** A license's record from its row, with the devices its organization has (`provisioned`) counted in. */
export function licenseRecordOf(r: LicenseRow, provisioned: number, now: number, tz: string): LicenseRecord {
  // The computed counts stand after the details' flag, where the record shows them.
  const { uuid, type, active, ...stored } = fromRow<LicenseDetails>(LICENSE_DETAILS, r, tz);
  return {
    ...fromRow<LicenseRecord>(LICENSE_RECORD, r, tz),
    licenseDetails: {
      uuid,
      type,
      active,
      provisioned,
      remaining: r.total == null ? null : r.total - provisioned,
      remainingDays: r.license_to == null ? null : Math.max(0, Math.floor((r.license_to - now) / DAY_MS)),
      ...stored,
      componentDetails: stored.componentDetails ?? [],
      license: fromRow<License>(LICENSE, r, tz),
    },
  };
}

/**
 * What activating (`active`) or deactivating the license of row `r` sets: its flags, its status, and when it
 * was activated (an earlier activation's time kept); undefined when it is in that state already, so that
 * asking again writes nothing.
 */
export function licenseActivation(
  r: LicenseRow,
  active: boolean,
  now: number,
): { flag: 0 | 1; status: 'ACTIVE' | 'INACTIVE'; activateOn: number | null } | undefined {
  const flag = active ? 1 : 0;
  const status = active ? 'ACTIVE' : 'INACTIVE';
  if (
    r.active === flag &&
    r.details_active === flag &&
    r.status === status &&
    (!active || r.activate_on != null)
  )
    return undefined;
  const activateOn = active ? (r.active === 1 && r.activate_on != null ? r.activate_on : now) : r.activate_on;
  return { flag, status, activateOn };
}

/** The row a license record is put as (a fixture's, or a clone's), every stamp set to `now`. */
export function licenseRowOf(l: LicenseRecord, now: number): Record<string, unknown> {
  const d = l.licenseDetails ?? {};
  const lic = d.license ?? {};
  return {
    ...toRow(LICENSE_RECORD, l, {}),
    // The details' flag follows the license's when the details leave it out.
    ...toRow(LICENSE_DETAILS, d, { details_active: sqlValue(d.active ?? lic.active) as number | null }),
    ...toRow(LICENSE, lic, {}),
    ...Object.fromEntries(LICENSE_STAMPS.map((c) => [c, now])),
  };
}

export const NOTIFICATION = [
  ...fieldsAs('key', 'uuid'),
  ...fieldsAs('text', 'type', 'createdBy', 'updatedBy'),
  ...fieldsAs('boolean', 'isActive'),
  ...fieldsAs('date', 'createdOn', 'updatedOn'),
] as const;
// The owner is the server's (decisions.md): the record has no field for it.
export type NotificationRow = RowOf<typeof NOTIFICATION> & { org_uuid: string | null };

export const NOTIFICATION_OPTION = [
  ...fieldsAs('key', 'uuid'),
  ...fieldsAs('text', 'attributeName', 'attributeValue', 'createdBy', 'updatedBy'),
  ...fieldsAs('boolean', 'isActive'),
  ...fieldsAs('stamp', 'createdOn', 'updatedOn'),
] as const;
export type NotificationOptionRow = RowOf<typeof NOTIFICATION_OPTION> & { notification_uuid: string };
export const NOTIFICATION_OPTION_COLUMNS = columnsOf(NOTIFICATION_OPTION, ['notification_uuid']);

export const CONFIGURATION = [
  ...fieldsAs('key', 'uuid', 'notificationUuid', 'organizationUuid', 'roleUuid'),
  ...fieldsAs('text', 'createdBy', 'updatedBy'),
  // The service's field name is misspelt; the column is not.
  { field: 'applyToSubOrganizaitons', column: 'apply_to_sub_organizations', type: 'boolean' },
  ...fieldsAs('boolean', 'isActive', 'isLinked'),
  ...fieldsAs('stamp', 'createdOn', 'updatedOn'),
] as const;
export const CONFIGURATION_COLUMNS = columnsOf(CONFIGURATION);

/** A token's row: its SHA-256, never the token. */
export interface TokenRow {
  hash: string;
  org_uuid: string;
  role: Role;
  user_uuid: string | null;
  created_on: number;
  last_used_on: number | null;
}

/** What a live token's row grants, with when it was last used. */
export const tokenGrantOf = (r: TokenRow): TokenGrant & { lastUsedOn: number | null } => ({
  orgUuid: r.org_uuid,
  role: r.role,
  userUuid: r.user_uuid,
  lastUsedOn: r.last_used_on,
});

/** A token's row as `ccp server token list` shows it: its id, never its hash. */
export const tokenEntryOf = (r: TokenRow): TokenEntry => ({
  id: r.hash.slice(0, TOKEN_ID_LENGTH),
  orgUuid: r.org_uuid,
  role: r.role,
  userUuid: r.user_uuid,
  createdOn: r.created_on,
  lastUsedOn: r.last_used_on,
});

/** What a stored reference keeps of its password: the mask where one is set, else null. */
export interface StoredReference {
  uuid: string | null;
  entity_type_code_identifier: string | null;
  sub_type: string | null;
  user_name: string | null;
  password: string | null;
}

/**
 * Passwords are write-only and never kept (decisions.md, "Secrets"): a reference that sends the mask back
 * keeps whether the stored reference it names had one (by uuid, else by type, subtype and user name; none
 * if none).
 */
export function keptPassword(stored: readonly StoredReference[], r: ExternalReference): string | null {
  const named = r.uuid
    ? stored.find((s) => s.uuid === r.uuid)
    : stored.find(
        (s) =>
          s.entity_type_code_identifier === (r.entityTypeCodeIdentifier ?? null) &&
          s.sub_type === (r.subType ?? null) &&
          s.user_name === (r.userName ?? null),
      );
  return named?.password ?? null;
}
