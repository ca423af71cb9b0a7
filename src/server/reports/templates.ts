// What each report holds: its title, its columns and its records, read within the caller's scope from the
// server's own connection, a chunk at a time (each chunk one read), so that the request thread answers other
// requests between two chunks while a worker receives them (pool.ts).

import type { TokenGrant } from '../../domain/grants.js';
import type { ReportTemplate } from '../../domain/report-kinds.js';
import type { Store } from '../store/db.js';
import type { ReportHead, ReportRecord } from './job.js';
import type { ReportColumn } from './report-data.js';

// No report is larger than this many records; a listing of more is what the paged operations are for.
export const REPORT_LIMIT = 100_000;
// Records read at once: a few tens of ms of the request thread's time.
const CHUNK = 2000;

/** Who asks, and when and where: everything a report's contents depend on besides the store. */
export interface ReportScope {
  grant: TokenGrant;
  tz: string;
  now: number;
}

interface Template {
  title: string;
  columns: ReportColumn[];
  /** The records of a chunk at `offset` (at most `limit`); fewer than `limit` when the last. */
  records(store: Store, scope: ReportScope, limit: number, offset: number): ReportRecord[];
}

const col = (key: string, header: string): ReportColumn => ({ key, header });

const TEMPLATES: Record<ReportTemplate, Template> = {
  'edge-devices': {
    title: 'Edge devices',
    columns: [
      col('edgeDeviceName', 'Name'),
      col('serialNumber', 'Serial number'),
      col('ipAdress', 'IP address'),
      col('port', 'Port'),
      col('location', 'Location'),
      col('isActive', 'Active'),
      col('organizationName', 'Organization'),
      col('createdOn', 'Created'),
    ],
    // People read an organization's name; the uuid stays in orgUUID for programs.
    records: (store, { grant, tz }, limit, offset) => {
      const names = new Map<string, string | null>();
      const nameOf = (uuid: string | null | undefined) => {
        if (!uuid) return null;
        if (!names.has(uuid)) names.set(uuid, store.organizations.get(uuid)?.org_name ?? null);
        return names.get(uuid) ?? null;
      };
      return store.edgeDevices
        .page(grant.orgUuid, limit, offset, tz)
        .map((d) => ({ ...d, organizationName: nameOf(d.orgUUID) }));
    },
  },
  'sub-organizations': {
    title: 'Sub-organizations',
    columns: [
      col('orgName', 'Name'),
      col('orgAdmin', 'Administrator'),
      col('orgAddress.city', 'City'),
      col('orgAddress.country', 'Country'),
      col('orgAddress.orgEmail', 'Email'),
      col('isActive', 'Active'),
      col('uuid', 'UUID'),
    ],
    records: (store, { grant, tz }, limit, offset) =>
      store.organizations.listChildren(grant.orgUuid, limit, offset, tz),
  },
  'code-types': {
    title: 'Code types',
    columns: [
      col('codeTypeIdentifier', 'Identifier'),
      col('shortDescription', 'Description'),
      col('value', 'Value'),
      col('clazz', 'Class'),
      col('isActive', 'Active'),
      col('uuid', 'UUID'),
    ],
    records: (store, { tz }, limit, offset) => store.codes.listTypes(limit, offset, tz),
  },
  licenses: {
    title: 'Licenses',
    columns: [
      col('serialNumber', 'Serial number'),
      col('licenseDetails.type', 'Type'),
      col('licenseDetails.license.status', 'Status'),
      col('licenseDetails.total', 'Total'),
      col('licenseDetails.provisioned', 'Provisioned'),
      col('licenseDetails.remaining', 'Remaining'),
      col('licenseDetails.remainingDays', 'Days left'),
      col('licenseDetails.license.licenseTo', 'Valid to'),
    ],
    // Licenses and notifications are read whole, in one chunk.
    records: (store, { grant, now, tz }, _limit, offset) =>
      offset === 0 ? store.licenses.inScope(grant.orgUuid, now, tz) : [],
  },
  notifications: {
    title: 'Notifications',
    columns: [
      col('type', 'Type'),
      col('isActive', 'Active'),
      col('createdBy', 'Created by'),
      col('createdOn', 'Created'),
      col('updatedOn', 'Updated'),
      col('uuid', 'UUID'),
    ],
    records: (store, { grant, tz }, _limit, offset) =>
      offset === 0 ? store.notifications.all(tz, grant.orgUuid) : [],
  },
};

/**
 * A report's contents: its head now, its records as chunks read one at a time when asked for. Each chunk is one
 * read; a write that lands between two chunks shows in the later ones, as it would to a client paging through
 * the listing. At most REPORT_LIMIT records.
 */
export function gatherReport(
  store: Store,
  template: ReportTemplate,
  scope: ReportScope,
  generatedAt: number,
): { head: ReportHead; chunks: () => AsyncIterable<ReportRecord[]> } {
  const t = TEMPLATES[template];
  const head: ReportHead = {
    template,
    title: t.title,
    organization: store.organizations.get(scope.grant.orgUuid)?.org_name ?? scope.grant.orgUuid,
    generatedAt,
    timeZone: scope.tz,
    columns: t.columns,
  };
  async function* chunks(): AsyncIterable<ReportRecord[]> {
    for (let offset = 0; offset < REPORT_LIMIT; offset += CHUNK) {
      const limit = Math.min(CHUNK, REPORT_LIMIT - offset);
      const rows = store.read(() => t.records(store, scope, limit, offset));
      if (rows.length > 0) yield rows;
      if (rows.length < limit) return;
    }
  }
  return { head, chunks };
}
