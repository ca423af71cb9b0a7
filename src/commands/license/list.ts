import { listLicenses, pageOf } from '../../api/licenses.js';
import type { TwinLookup } from '../../domain/lookup.js';
import { defineCommand } from '../../kit/command.js';
import type { ListFlags } from '../../kit/listing.js';
import { type ListingOptions, runListing } from '../../kit/listing-run.js';
import { listingOptions, listVerbSpec } from '../../kit/read-verbs.js';

export interface LicenseListOptions extends ListingOptions {
  /** The embedded database's lookups, where the target has them (none against a remote service). */
  twin?: () => Promise<TwinLookup | undefined>;
}

export const licenseList = defineCommand<LicenseListOptions>({
  ...listVerbSpec('license'),
  description:
    'List the licenses in your scope: key, serial number, status, days left (the licenses report, POST /download)',
  examples: [
    'ccp license list',
    'ccp license list --where licenseDetails.license.status=ACTIVE -o name',
    'ccp license list --sort-by licenseDetails.remainingDays --fields serialNumber,licenseDetails.remainingDays',
    'ccp license list --where serialNumber~2024 -o yaml',
  ],
  parse: async (f, { flags }) => ({
    ...(await listingOptions(f, flags as ListFlags, 'license')),
    twin: () => f.lookup(),
  }),
  run: runLicenseList,
});

export async function runLicenseList(opts: LicenseListOptions): Promise<number> {
  const twin = await opts.twin?.();
  return runListing(opts, {
    list: twin ? (_api, page) => asyncOf(async () => pageOf(await twin.licenses(), page)) : listLicenses,
    kind: 'license',
    noun: 'licenses',
  });
}

async function* asyncOf<T>(records: () => Promise<readonly T[]>): AsyncGenerator<T> {
  yield* await records();
}
