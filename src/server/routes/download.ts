import { requestEnvelope } from '../../domain/envelope.js';
import {
  REPORT_FILE_TYPES,
  REPORT_TEMPLATES,
  type ReportFileType,
  ReportRequest,
  type ReportTemplate,
} from '../../domain/report.js';
import { ServiceError } from '../errors.js';
import { type ReportColumn, type ReportData, renderReport, reportFileName } from '../reports/index.js';
import { ALL_ROLES, defineRoute, type RequestContext, type Route } from '../route.js';

// No report is larger than this many records; a listing of more is what the paged operations are for.
const REPORT_LIMIT = 100_000;

const col = (key: string, header: string): ReportColumn => ({ key, header });

const TEMPLATES: Record<
  ReportTemplate,
  { title: string; columns: ReportColumn[]; records(ctx: RequestContext): Record<string, unknown>[] }
> = {
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
    records: ({ store, grant, tz }) => {
      const names = new Map<string, string | null>();
      const nameOf = (uuid: string | null | undefined) => {
        if (!uuid) return null;
        if (!names.has(uuid)) names.set(uuid, store.organizations.get(uuid)?.org_name ?? null);
        return names.get(uuid) ?? null;
      };
      return store.edgeDevices
        .load(store.edgeDevices.pageKeys(grant.orgUuid, REPORT_LIMIT, 0), tz)
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
    records: ({ store, grant, tz }) => store.organizations.listChildren(grant.orgUuid, REPORT_LIMIT, 0, tz),
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
    records: ({ store, tz }) => store.codes.listTypes(REPORT_LIMIT, 0, tz),
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
    records: ({ store, grant, clock, tz }) => store.licenses.inScope(grant.orgUuid, clock.now(), tz),
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
    records: ({ store, tz }) => store.notifications.all(tz),
  },
};

function isTemplate(key: unknown): key is ReportTemplate {
  return (REPORT_TEMPLATES as readonly unknown[]).includes(key);
}

function isFileType(key: unknown): key is ReportFileType {
  return (REPORT_FILE_TYPES as readonly unknown[]).includes(key);
}

export const downloadRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/download',
    doc: {
      summary: 'Download a report: fileData (base64) and reportName',
      request: ReportRequest,
      response: ReportRequest,
    },
    roles: ALL_ROLES,
    failure: 'reportDownload',
    body: requestEnvelope(ReportRequest),
    async handle(ctx, body) {
      const { store } = ctx;
      const data: unknown[] = [];
      for (const request of body.data) {
        const { templateKey, fileType } = request;
        if (!isTemplate(templateKey)) throw new ServiceError('reportDownload', `templateKey ${templateKey}`);
        if (!isFileType(fileType)) throw new ServiceError('reportDownload', `fileType ${fileType}`);
        const template = TEMPLATES[templateKey];
        const generatedAt = ctx.clock.now();
        const report: ReportData = store.tx(() => ({
          template: templateKey,
          title: template.title,
          organization: store.organizations.get(ctx.grant.orgUuid)?.org_name ?? ctx.grant.orgUuid,
          generatedAt,
          timeZone: ctx.tz,
          columns: template.columns,
          records: template.records(ctx),
        }));
        let file: Buffer;
        try {
          file = await renderReport(report, fileType);
        } catch (err) {
          ctx.log(
            `report ${templateKey}.${fileType} failed: ${err instanceof Error ? err.message : String(err)}`,
          );
          throw new ServiceError('reportDownload');
        }
        data.push({
          ...request,
          fileData: file.toString('base64'),
          reportName: reportFileName(templateKey, fileType, generatedAt),
        });
      }
      return { data };
    },
  }),
];
