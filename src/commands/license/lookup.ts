// How licenses are found by what support staff hold: the license key, the serial number or the uuid. On the
// embedded default the twin is read by its indexes; against a service, its licenses report (the interface
// lists licenses nowhere else).
import { listLicenses } from '../../api/licenses.js';
import type { LicenseRecord } from '../../domain/license.js';
import type { GetTarget } from '../../kit/listing-get.js';

/** The key of a license record (its license's `licenseKey`), or undefined when it has none. */
export function licenseKey(record: LicenseRecord): string | undefined {
  return record.licenseDetails?.license?.licenseKey ?? undefined;
}

export const LICENSE_TARGET: GetTarget<LicenseRecord> = {
  list: listLicenses,
  kind: 'license',
  singular: 'license',
  keyNames: 'key, serial number or uuid',
  keysOf: (l) => [l.uuid, licenseKey(l), l.serialNumber],
  lookup: (twin, key) => twin.license(key),
  // Licenses are few (a report holds them all): every key and serial is a candidate for "did you mean".
  near: async (twin) =>
    (await twin.licenses()).flatMap((l) => [licenseKey(l), l.serialNumber].filter((k) => k != null)),
};
