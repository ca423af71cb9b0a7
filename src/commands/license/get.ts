import type { LicenseRecord } from '../../domain/license.js';
import { defineCommand } from '../../kit/command.js';
import { addWatchFlags, watchOptions } from '../../kit/listing.js';
import { type GetOptions, runGet } from '../../kit/listing-get.js';
import { readDeps } from '../../kit/read-verbs.js';
import { requireKeys } from '../../kit/write/prompts.js';
import { LICENSE_TARGET } from './lookup.js';

export type LicenseGetOptions = GetOptions;

export const licenseGet = defineCommand<LicenseGetOptions>({
  name: 'get',
  description: 'Show licenses by license key, serial number or uuid (read from the licenses report)',
  examples: [
    'ccp license get LIC-2024-007',
    'ccp license get LIC-2024-007 LIC-2026-001 --fields serialNumber,licenseDetails.license.licenseTo',
    'ccp license get 6b378954-d2f4-4c68-94a3-32cdd2d30cc8 --json',
  ],
  declare: (cmd) =>
    addWatchFlags(
      cmd.argument(
        '[key|uuid...]',
        'license keys, serial numbers or uuids (one asked for on a terminal when none)',
      ),
    ),
  parse: async (f, { args, flags }) => {
    const keys = await requireKeys(f, args[0] as string[], '<key|uuid...>', 'License key or uuid');
    return { ...(await readDeps(f, 'license')), keys, watch: await watchOptions(flags) };
  },
  run: runLicenseGet,
});

export function runLicenseGet(opts: LicenseGetOptions): Promise<LicenseRecord[]> {
  return runGet<LicenseRecord>(opts, LICENSE_TARGET);
}
