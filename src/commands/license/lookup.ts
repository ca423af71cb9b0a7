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
  // Keys and serial numbers as people type or paste them: `acme-lic-2026-014-2257df5b` names
  // ACME-LIC-2026-014-2257DF5B, and a key cut short is offered the one it starts.
  caseless: true,
  async lookup(twin, key) {
    const exact = await twin.license(key);
    if (exact) return exact;
    // Read by its index as written; in another case, among the scope's licenses (few: a report holds them all).
    const wanted = key.toLowerCase();
    return (await twin.licenses()).find((l) =>
      [licenseKey(l), l.serialNumber].some((k) => k?.toLowerCase() === wanted),
    );
  },
  // Licenses are few (a report holds them all): every key and serial is a candidate for "did you mean".
  near: async (twin) =>
    (await twin.licenses()).flatMap((l) => [licenseKey(l), l.serialNumber].filter((k) => k != null)),
};
