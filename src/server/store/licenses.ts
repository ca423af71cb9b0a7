import type Database from 'better-sqlite3';
import type { LicenseRecord } from '../../domain/license.js';
import { formatTimestamp } from '../../domain/timestamp.js';
import { SCOPE_CTE } from './scope.js';
import { instant, orNull, toBool, toInt } from './values.js';

interface LicenseRow {
  uuid: string;
  attribute_name: string | null;
  serial_number: string | null;
  value: string | null;
  create_on: number;
  updated_on: number;
  details_uuid: string | null;
  details_type: string | null;
  details_active: number | null;
  total: number | null;
  details_create_on: number;
  details_update_on: number;
  component_details: string | null;
  license_uuid: string | null;
  license_key: string | null;
  org_uuid: string | null;
  status: string | null;
  active: number | null;
  activate_on: number | null;
  license_created_on: number;
  license_from: number | null;
  license_to: number | null;
  license_update_on: number;
  license_extra: string | null;
}

const DAY_MS = 86_400_000;

function ts(ms: number | null, tz: string): string | null {
  return ms == null ? null : formatTimestamp(ms, tz);
}

export function licenseRepo(db: Database.Database) {
  const put = db.prepare(
    `INSERT OR REPLACE INTO licenses (uuid, attribute_name, serial_number, value, create_on, updated_on,
       details_uuid, details_type, details_active, total, details_create_on, details_update_on, component_details,
       license_uuid, license_key, org_uuid, status, active, activate_on, license_created_on, license_from,
       license_to, license_update_on, license_extra)
     VALUES (@uuid, @attribute_name, @serial_number, @value, @now, @now, @details_uuid, @details_type,
       @details_active, @total, @now, @now, @component_details, @license_uuid, @license_key, @org_uuid, @status,
       @active, @activate_on, @now, @license_from, @license_to, @now, @license_extra)`,
  );
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
    return {
      uuid: r.uuid,
      attributeName: r.attribute_name,
      serialNumber: r.serial_number,
      value: r.value,
      createOn: formatTimestamp(r.create_on, tz),
      updatedOn: formatTimestamp(r.updated_on, tz),
      licenseDetails: {
        uuid: r.details_uuid,
        type: r.details_type,
        active: toBool(r.details_active),
        provisioned,
        remaining: r.total == null ? null : r.total - provisioned,
        remainingDays: r.license_to == null ? null : Math.max(0, Math.floor((r.license_to - now) / DAY_MS)),
        total: r.total,
        createOn: formatTimestamp(r.details_create_on, tz),
        updateOn: formatTimestamp(r.details_update_on, tz),
        componentDetails: r.component_details ? JSON.parse(r.component_details) : [],
        license: {
          uuid: r.license_uuid,
          licenseKey: r.license_key,
          orgUuid: r.org_uuid,
          status: r.status,
          active: toBool(r.active),
          activateOn: ts(r.activate_on, tz),
          createdOn: formatTimestamp(r.license_created_on, tz),
          licenseFrom: ts(r.license_from, tz),
          licenseTo: ts(r.license_to, tz),
          updateOn: formatTimestamp(r.license_update_on, tz),
          details: r.license_extra ? JSON.parse(r.license_extra) : null,
        },
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
      put.run({
        uuid: l.uuid,
        attribute_name: orNull(l.attributeName),
        serial_number: orNull(l.serialNumber),
        value: orNull(l.value),
        details_uuid: orNull(d.uuid),
        details_type: orNull(d.type),
        details_active: toInt(d.active ?? lic.active),
        total: orNull(d.total),
        component_details: d.componentDetails ? JSON.stringify(d.componentDetails) : null,
        license_uuid: orNull(lic.uuid),
        license_key: orNull(lic.licenseKey),
        org_uuid: orNull(lic.orgUuid),
        status: orNull(lic.status),
        active: toInt(lic.active),
        activate_on: instant(lic.activateOn),
        license_from: instant(lic.licenseFrom),
        license_to: instant(lic.licenseTo),
        license_extra: lic.details ? JSON.stringify(lic.details) : null,
        now,
      });
    },
    /** Activates (keeping an earlier activation time) or deactivates; idempotent. */
    setActive(uuid: string, active: boolean, now: number): void {
      const r = get.get(uuid);
      if (!r) return;
      const status = active ? 'ACTIVE' : 'INACTIVE';
      const already =
        r.active === toInt(active) &&
        r.details_active === toInt(active) &&
        r.status === status &&
        (!active || r.activate_on != null);
      // Asking again for the state a license is in changes nothing, its update times included.
      if (already) return;
      const activateOn = active
        ? r.active === 1 && r.activate_on != null
          ? r.activate_on
          : now
        : r.activate_on;
      setState.run({
        uuid,
        active: toInt(active),
        status,
        activate_on: activateOn,
        now,
      });
    },
  };
}

export type LicenseRepo = ReturnType<typeof licenseRepo>;
