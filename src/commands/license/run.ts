import { licenseStateRequest } from '../../api/licenses.js';
import type { LicenseAction, LicenseRecord } from '../../domain/index.js';
import { parseTimestamp } from '../../domain/instant.js';
import { writeRecords } from '../../kit/output.js';
import { writeDryRun } from '../../kit/write/dry-run.js';
import { type WriteDeps, type WriteOutput, withSubject } from '../../kit/write/send.js';
import { onTerminal } from '../../output/terminal-text.js';
import { licenseSummary, overTotal } from './view.js';

export { licenseSummary } from './view.js';

export interface LicenseActionOptions extends WriteOutput {
  uuid: string;
  action: LicenseAction;
}

/**
 * Whether the call changed the license: the service keeps a license's update time when it is asked for
 * the state it is already in, so an update time older than the answer's Date header (both the service's
 * clock) means nothing changed. Undefined when the answer does not tell.
 */
export function changedByCall(record: LicenseRecord, dateHeader: string | undefined): boolean | undefined {
  const answered = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  const times = [record.licenseDetails?.license?.updateOn, record.licenseDetails?.updateOn, record.updatedOn]
    .map((t) => parseTimestamp(t))
    .filter((t): t is number => t !== undefined);
  if (Number.isNaN(answered) || times.length === 0) return undefined;
  // The Date header has whole seconds: an update within the answer's second counts as this call's.
  return Math.max(...times) >= answered - 1000;
}

export async function runLicenseAction(opts: LicenseActionOptions, deps: WriteDeps): Promise<void> {
  const { io } = deps;
  const req = licenseStateRequest(opts.uuid, opts.action);
  if (opts.dryRun) {
    writeDryRun(io, opts.dryRun, [req]);
    return;
  }
  const api = await deps.api();
  const ex = await api.request<LicenseRecord>(req.method, req.path).catch((err: unknown) => {
    throw withSubject(err, `license ${opts.uuid}`);
  });
  const records = ex.envelope.data;
  if (opts.output.format === 'table' && !opts.output.fields) {
    for (const record of records) {
      const changed = changedByCall(record, ex.headers.date);
      const summary = licenseSummary(record, opts.action, { changed, timeZone: opts.output.timeZone });
      io.stdout.write(onTerminal(summary, io.stdoutIsTTY));
    }
    return;
  }
  for (const record of records) {
    const warning = overTotal(record);
    if (warning) io.note(warning);
    if (changedByCall(record, ex.headers.date) === false) {
      io.note(
        `License ${record.uuid} was already ${opts.action === 'activate' ? 'active' : 'inactive'}: nothing changed`,
      );
    }
  }
  await writeRecords(io, opts.output, 'license', records, 'No license returned.');
}
