// What each report holds: its title, its columns and its records, read within the caller's scope. Runs where
// the report renders (a report worker, see pool.ts), so the request thread never reads a whole report.
import type { ReportTemplate } from '../../domain/report-kinds.js';
import type { Store } from '../store/db.js';
import type { TokenGrant } from '../store/tokens.js';
import type { ReportColumn, ReportData } from './report-data.js';

// No report is larger than this many records; a listing of more is what the paged operations are for.
export const REPORT_LIMIT = 100_000;

/** Who asks, and when and where: everything a report's contents depend on besides the store. */
export interface ReportScope {
  grant: TokenGrant;
  tz: string;
  now: number;
}

interface Template {
  title: string;
  columns: ReportColumn[];
  records(store: Store, scope: ReportScope): Record<string, unknown>[];
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
    records: (store, { grant, tz }) => {
      const names = new Map<string, string | null>();
      const nameOf = (uuid: string | null | undefined) => {
        if (!uuid) return null;
        if (!names.has(uuid)) names.set(uuid, store.organizations.get(uuid)?.org_name ?? null);
        return names.get(uuid) ?? null;
      };
      return store.edgeDevices
        .page(grant.orgUuid, REPORT_LIMIT, 0, tz)
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
    records: (store, { grant, tz }) => store.organizations.listChildren(grant.orgUuid, REPORT_LIMIT, 0, tz),
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
    records: (store, { tz }) => store.codes.listTypes(REPORT_LIMIT, 0, tz),
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
    records: (store, { grant, now, tz }) => store.licenses.inScope(grant.orgUuid, now, tz),
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
    records: (store, { grant, tz }) => store.notifications.all(tz, grant.orgUuid),
  },
};

/** A report's contents as one consistent read (one transaction) of what `scope` may see. */
export function gatherReport(
  store: Store,
  template: ReportTemplate,
  scope: ReportScope,
  generatedAt: number,
): ReportData {
  const t = TEMPLATES[template];
  return store.read(() => ({
    template,
    title: t.title,
    organization: store.organizations.get(scope.grant.orgUuid)?.org_name ?? scope.grant.orgUuid,
    generatedAt,
    timeZone: scope.tz,
    columns: t.columns,
    records: t.records(store, scope),
  }));
}
