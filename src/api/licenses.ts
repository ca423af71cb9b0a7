import type { LicenseAction, LicenseRecord } from '../domain/license.js';
import type { ReportRequest } from '../domain/report.js';
import type { ApiClient } from './client.js';
import type { PageOptions } from './paginate.js';
import { decodeReport, downloadReportRequest } from './reports.js';
import { ApiError } from './request-errors.js';
import { sendWrite, type WriteRequest } from './write-request.js';

/** PUT /license/{uuid}/{action}: the path says it all, and the operation takes no body (none is sent). */
export function licenseStateRequest(uuid: string, action: LicenseAction): WriteRequest {
  return {
    method: 'PUT',
    path: `/license/${encodeURIComponent(uuid)}/${action}`,
    records: [],
    noBody: true,
    subject: `license ${uuid}`,
  };
}

/**
 * The licenses of the caller's scope, from the licenses report (`POST /download`, JSON): the interface reads
 * licenses through nothing else. The report's records are read from its `records` (the twin's document),
 * `data`, or the document itself when it is an array; anything else is an error naming the report. Pages
 * are cut from the whole report as a listing's would be, so --page, --limit and --all mean what they mean
 * for every listing.
 */
export async function* listLicenses(api: ApiClient, page: PageOptions): AsyncGenerator<LicenseRecord> {
  const req = downloadReportRequest('licenses', 'json');
  const ex = await sendWrite<ReportRequest>(api, { ...req, subject: 'the licenses report' });
  // What the service sent is not a report ccp can read: a service error (exit 1) naming it.
  const unreadable = (why: string) =>
    new ApiError({ code: 'CCP-RM-002', reason: `the licenses report ${why}`, httpStatus: ex.status });
  let records: LicenseRecord[] | undefined;
  try {
    const file = decodeReport(ex.envelope.data[0]);
    records = recordsOfReport(JSON.parse(file.content.toString('utf8')));
  } catch (err) {
    throw unreadable(`(POST /download, json) could not be read: ${(err as Error).message}`);
  }
  if (!records) throw unreadable('(POST /download, json) holds no list of records');
  yield* pageOf(records, page);
}

/**
 * A listing's page of records held whole (the licenses report, the twin's licenses): one page, or from
 * `startPage` on with --all, up to --limit; the count reported as X-Total-Count would be.
 */
export function pageOf<T>(records: readonly T[], page: PageOptions): T[] {
  const from = (page.startPage ?? 0) * page.pageSize;
  const follow = page.all === true || page.limit !== undefined;
  const to = Math.min(follow ? records.length : from + page.pageSize, from + (page.limit ?? records.length));
  const shown = records.slice(from, to);
  page.onPage?.(shown.length, records.length);
  return shown;
}

function recordsOfReport(document: unknown): LicenseRecord[] | undefined {
  if (Array.isArray(document)) return document as LicenseRecord[];
  if (document === null || typeof document !== 'object') return undefined;
  for (const key of ['records', 'data', 'licenses']) {
    const value = (document as Record<string, unknown>)[key];
    if (Array.isArray(value)) return value as LicenseRecord[];
  }
  return undefined;
}
