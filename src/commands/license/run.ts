import type { ApiClient } from '../../api/client.js';
import { licenseStateRequest, setLicenseState } from '../../api/licenses.js';
import type { IO } from '../../cli/io.js';
import { type OutputSpec, writeRecords } from '../../cli/output.js';
import { type DryRunTarget, writeDryRun } from '../../cli/write-helpers.js';
import type { LicenseAction, LicenseRecord } from '../../domain/license.js';

export interface LicenseActionOptions {
  io: IO;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
  uuid: string;
  action: LicenseAction;
  /** With --dry-run: print the request and send nothing. */
  dryRun?: boolean;
  target?: () => Promise<DryRunTarget>;
}

/** What a person wants to see after (de)activating: a few lines, not the nested record. */
export function licenseSummary(record: LicenseRecord, action: LicenseAction): string {
  const details = record.licenseDetails;
  const license = details?.license;
  const active = license?.active ?? details?.active;
  const show = (v: unknown) => (v === null || v === undefined ? '-' : String(v));
  const rows: Array<[string, string]> = [
    ['License', show(record.uuid)],
    ['Status', show(license?.status)],
    ['Active', active === undefined || active === null ? '-' : active ? 'yes' : 'no'],
    ['Days remaining', show(details?.remainingDays)],
    ['Devices', `${show(details?.provisioned)} of ${show(details?.total)} provisioned`],
  ];
  if (license?.licenseTo) rows.push(['Valid until', license.licenseTo]);
  const width = Math.max(...rows.map(([k]) => k.length));
  const verb = action === 'activate' ? 'Activated' : 'Deactivated';
  return `${verb} license ${show(record.uuid)}\n${rows.map(([k, v]) => `  ${`${k}:`.padEnd(width + 2)}${v}`).join('\n')}\n`;
}

export async function runLicenseAction(opts: LicenseActionOptions): Promise<void> {
  if (opts.dryRun) {
    const target = opts.target ? await opts.target() : { metadata: {} };
    writeDryRun(opts.io, target, [licenseStateRequest(opts.uuid, opts.action)]);
    return;
  }
  const records = await setLicenseState(await opts.api(), opts.uuid, opts.action);
  if (opts.output.format === 'table' && !opts.output.fields) {
    for (const record of records) opts.io.stdout.write(licenseSummary(record, opts.action));
    return;
  }
  await writeRecords(opts.io, opts.output, 'license', records, 'No license returned.');
}
