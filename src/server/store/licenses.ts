import type Database from 'better-sqlite3';
import type { LicenseRecord } from '../../domain/license.js';
import { bind, insertSql } from './columns.js';
import {
  LICENSE_COLUMNS as COLUMNS,
  type LicenseRow,
  licenseActivation,
  licenseRecordOf,
  licenseRowOf,
} from './entities.js';
import { SCOPE_CTE } from './scope.js';
import { prepared } from './sqlite.js';

export function licenseRepo(db: Database.Database) {
  const put = prepared(() => db.prepare(insertSql('licenses', COLUMNS, { key: 'uuid', keep: [] })));
  const get = prepared(() => db.prepare<[string], LicenseRow>('SELECT * FROM licenses WHERE uuid = ?'));
  const inScope = prepared(() =>
    db.prepare<[{ root: string }], LicenseRow>(
      `${SCOPE_CTE} SELECT * FROM licenses WHERE org_uuid IN (SELECT uuid FROM scope) ORDER BY create_on, uuid`,
    ),
  );
  // The first in listing order whose uuid, license key or serial number is asked for: each by its index.
  const byKey = prepared(() =>
    db.prepare<[{ root: string; uuids: string; keys: string }], LicenseRow>(
      `${SCOPE_CTE} SELECT * FROM licenses
      WHERE (uuid IN (SELECT value FROM json_each(@uuids))
          OR license_key IN (SELECT value FROM json_each(@keys))
          OR serial_number IN (SELECT value FROM json_each(@keys)))
        AND org_uuid IN (SELECT uuid FROM scope)
      ORDER BY create_on, uuid LIMIT 1`,
    ),
  );
  const setState = prepared(() =>
    db.prepare(
      `UPDATE licenses SET active = @active, details_active = @active, status = @status,
       activate_on = @activate_on, license_update_on = @now, details_update_on = @now, updated_on = @now
     WHERE uuid = @uuid`,
    ),
  );
  const deviceCount = prepared(() =>
    db.prepare<[string], { n: number }>(
      'SELECT coalesce((SELECT n FROM org_device_counts WHERE org_uuid = ?), 0) AS n',
    ),
  );

  function toRecord(r: LicenseRow, now: number, tz: string): LicenseRecord {
    return licenseRecordOf(r, r.org_uuid ? deviceCount().get(r.org_uuid)!.n : 0, now, tz);
  }

  return {
    row: (uuid: string) => get().get(uuid),
    record(uuid: string, now: number, tz: string): LicenseRecord | undefined {
      const r = get().get(uuid);
      return r ? toRecord(r, now, tz) : undefined;
    },
    /** The license in `root`'s scope a uuid (any of `uuids`) or a license key or serial number names. */
    find(root: string, uuids: readonly string[], keys: readonly string[], now: number, tz: string) {
      const r = byKey().get({ root, uuids: JSON.stringify(uuids), keys: JSON.stringify(keys) });
      return r ? toRecord(r, now, tz) : undefined;
    },
    inScope: (root: string, now: number, tz: string) =>
      inScope()
        .all({ root })
        .map((r) => toRecord(r, now, tz)),
    put(l: LicenseRecord & { uuid: string }, now: number): void {
      const row = licenseRowOf(l, now);
      put().run(bind(row, COLUMNS));
    },
    /**
     * Activates (keeping an earlier activation time) or deactivates the license `row` holds, as read in this
     * transaction; idempotent. Answers the record as it stands after, made from the row without reading it
     * again, and whether anything changed: asking again for the state a license is in writes nothing, its
     * update times included.
     */
    setActive(
      r: LicenseRow,
      active: boolean,
      now: number,
      tz: string,
    ): { record: LicenseRecord; changed: boolean } {
      const set = licenseActivation(r, active, now);
      if (!set) return { record: toRecord(r, now, tz), changed: false };
      const { flag, status, activateOn } = set;
      setState().run({ uuid: r.uuid, active: flag, status, activate_on: activateOn, now });
      const after: LicenseRow = {
        ...r,
        active: flag,
        details_active: flag,
        status,
        activate_on: activateOn,
        license_update_on: now,
        details_update_on: now,
        updated_on: now,
      };
      return { record: toRecord(after, now, tz), changed: true };
    },
  };
}

export type LicenseRepo = ReturnType<typeof licenseRepo>;
