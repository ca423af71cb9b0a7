import type Database from 'better-sqlite3';
import type { License, LicenseDetails, LicenseRecord } from '../../domain/license.js';
import { bind, columnsOf, fromRow, insertSql, type RowOf, sqlValue, toRow } from './columns.js';
import { SCOPE_CTE } from './scope.js';

// One row holds the record, its details and its license; each part's fields in the order the record shows
// them. provisioned, remaining and remainingDays sit between the two parts of the details: they are computed.
const RECORD = [
  { field: 'uuid', column: 'uuid', type: 'key' },
  { field: 'attributeName', column: 'attribute_name', type: 'text' },
  { field: 'serialNumber', column: 'serial_number', type: 'text' },
  { field: 'value', column: 'value', type: 'text' },
  { field: 'createOn', column: 'create_on', type: 'stamp' },
  { field: 'updatedOn', column: 'updated_on', type: 'stamp' },
] as const;
const DETAILS_HEAD = [
  { field: 'uuid', column: 'details_uuid', type: 'text' },
  { field: 'type', column: 'details_type', type: 'text' },
  { field: 'active', column: 'details_active', type: 'boolean' },
] as const;
const DETAILS_TAIL = [
  { field: 'total', column: 'total', type: 'integer' },
  { field: 'createOn', column: 'details_create_on', type: 'stamp' },
  { field: 'updateOn', column: 'details_update_on', type: 'stamp' },
  { field: 'componentDetails', column: 'component_details', type: 'json' },
] as const;
const LICENSE = [
  { field: 'uuid', column: 'license_uuid', type: 'text' },
  { field: 'licenseKey', column: 'license_key', type: 'text' },
  { field: 'orgUuid', column: 'org_uuid', type: 'text' },
  { field: 'status', column: 'status', type: 'text' },
  { field: 'active', column: 'active', type: 'boolean' },
  { field: 'activateOn', column: 'activate_on', type: 'instant' },
  { field: 'createdOn', column: 'license_created_on', type: 'stamp' },
  { field: 'licenseFrom', column: 'license_from', type: 'instant' },
  { field: 'licenseTo', column: 'license_to', type: 'instant' },
  { field: 'updateOn', column: 'license_update_on', type: 'stamp' },
  { field: 'details', column: 'license_extra', type: 'json' },
] as const;
type LicenseRow = RowOf<typeof RECORD> &
  RowOf<typeof DETAILS_HEAD> &
  RowOf<typeof DETAILS_TAIL> &
  RowOf<typeof LICENSE>;
const COLUMNS = [RECORD, DETAILS_HEAD, DETAILS_TAIL, LICENSE].flatMap((part) => columnsOf(part));
// Every stamp of a license is set when it is put: a fixture replaces the whole row.
const STAMPS = [
  'create_on',
  'updated_on',
  'details_create_on',
  'details_update_on',
  'license_created_on',
  'license_update_on',
];

const DAY_MS = 86_400_000;

export function licenseRepo(db: Database.Database) {
  const put = db.prepare(insertSql('licenses', COLUMNS, { key: 'uuid', keep: [] }));
  const get = db.prepare<[string], LicenseRow>('SELECT * FROM licenses WHERE uuid = ?');
  const inScope = db.prepare<[{ root: string }], LicenseRow>(
    `${SCOPE_CTE} SELECT * FROM licenses WHERE org_uuid IN (SELECT uuid FROM scope) ORDER BY create_on, uuid`,
  );
  const setState = db.prepare(
    `UPDATE licenses SET active = @active, details_active = @active, status = @status,
       activate_on = @activate_on, license_update_on = @now, details_update_on = @now, updated_on = @now
     WHERE uuid = @uuid`,
  );
  const deviceCount = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM edge_devices WHERE org_uuid = ?',
  );

  function toRecord(r: LicenseRow, now: number, tz: string): LicenseRecord {
    const provisioned = r.org_uuid ? deviceCount.get(r.org_uuid)!.n : 0;
    const tail = fromRow<LicenseDetails>(DETAILS_TAIL, r, tz);
    return {
      ...fromRow<LicenseRecord>(RECORD, r, tz),
      licenseDetails: {
        ...fromRow<LicenseDetails>(DETAILS_HEAD, r, tz),
        provisioned,
        remaining: r.total == null ? null : r.total - provisioned,
        remainingDays: r.license_to == null ? null : Math.max(0, Math.floor((r.license_to - now) / DAY_MS)),
        ...tail,
        componentDetails: tail.componentDetails ?? [],
        license: fromRow<License>(LICENSE, r, tz),
      },
    };
  }

  return {
    row: (uuid: string) => get.get(uuid),
    record(uuid: string, now: number, tz: string): LicenseRecord | undefined {
      const r = get.get(uuid);
      return r ? toRecord(r, now, tz) : undefined;
    },
    inScope: (root: string, now: number, tz: string) =>
      inScope.all({ root }).map((r) => toRecord(r, now, tz)),
    put(l: LicenseRecord & { uuid: string }, now: number): void {
      const d = l.licenseDetails ?? {};
      const lic = d.license ?? {};
      const row = {
        ...toRow(RECORD, l, {}),
        // The details' flag follows the license's when the details leave it out.
        ...toRow(DETAILS_HEAD, d, { details_active: sqlValue(d.active ?? lic.active) as number | null }),
        ...toRow(DETAILS_TAIL, d, {}),
        ...toRow(LICENSE, lic, {}),
        ...Object.fromEntries(STAMPS.map((c) => [c, now])),
      };
      put.run(bind(row, COLUMNS));
    },
    /** Activates (keeping an earlier activation time) or deactivates; idempotent. */
    setActive(uuid: string, active: boolean, now: number): void {
      const r = get.get(uuid);
      if (!r) return;
      const flag = active ? 1 : 0;
      const status = active ? 'ACTIVE' : 'INACTIVE';
      const already =
        r.active === flag &&
        r.details_active === flag &&
        r.status === status &&
        (!active || r.activate_on != null);
      // Asking again for the state a license is in changes nothing, its update times included.
      if (already) return;
      const activateOn = active
        ? r.active === 1 && r.activate_on != null
          ? r.activate_on
          : now
        : r.activate_on;
      setState.run({ uuid, active: flag, status, activate_on: activateOn, now });
    },
  };
}

export type LicenseRepo = ReturnType<typeof licenseRepo>;
