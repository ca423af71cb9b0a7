import type { ReportRequest } from '../../domain/report.js';
import {
  isReportFileType,
  isReportTemplate,
  REPORT_FILE_TYPES,
  REPORT_TEMPLATES,
  type ReportKind,
  reportFileName,
} from '../../domain/report-kinds.js';
import { SERVICE_ERRORS } from '../../domain/service-errors.js';
import { ServiceError } from '../errors.js';
import type { ReportJob } from '../reports/job.js';
import { defineRoute, type RequestContext, type Route } from '../route.js';

/** CCP-RM-002 whose reason says which record and what was wrong with it. */
function reportError(detail: string): ServiceError {
  const def = SERVICE_ERRORS.reportDownload;
  return new ServiceError({ ...def, reason: `${def.reason}: ${detail}` });
}

interface Asked extends ReportKind {
  request: ReportRequest;
}

/** `<where> is missing`, or `<where> "<value>" is not one of <known>`. */
function notOneOf(where: string, value: string | null | undefined, known: readonly string[]): ServiceError {
  if (value == null || value === '') return reportError(`${where} is missing`);
  return reportError(`${where} ${JSON.stringify(value)} is not one of ${known.join(', ')}`);
}

/** Every record checked before any report is made: a request that will fail costs no rendering. */
function checkRecords(records: ReportRequest[]): Asked[] {
  return records.map((request, i) => {
    const { templateKey, fileType } = request;
    if (!isReportTemplate(templateKey))
      throw notOneOf(`data[${i}].templateKey`, templateKey, REPORT_TEMPLATES);
    if (!isReportFileType(fileType)) throw notOneOf(`data[${i}].fileType`, fileType, REPORT_FILE_TYPES);
    return { request, template: templateKey, type: fileType };
  });
}

type Reports = typeof import('../reports/templates.js');

async function jobFor(
  ctx: RequestContext,
  { template, type }: Asked,
  generatedAt: number,
  { gatherReport }: Reports,
): Promise<ReportJob> {
  const scope = { grant: ctx.grant, tz: ctx.tz, now: generatedAt };
  // Read from this server's own connection, never a second one to the file (job.ts).
  return { type, ...(await gatherReport(ctx.store, template, scope, generatedAt)) };
}

export const downloadRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/download',
    doc: {
      summary: 'Download reports (at most 5 per request): fileData (base64) and reportName',
      request: 'ReportRequest',
      response: 'ReportRequest',
    },
    failure: 'reportDownload',
    body: 'reportDownload',
    async handle(ctx, body) {
      // The report machinery (its worker pool, the templates' queries) loads with the first report asked for.
      const [{ renderInWorker }, reports] = await Promise.all([
        import('../reports/pool.js'),
        import('../reports/templates.js'),
      ]);
      const data: unknown[] = [];
      // One after another: a request holds one report's working memory at a time, not five.
      for (const asked of checkRecords(body.data)) {
        const generatedAt = ctx.clock.now();
        let fileData: string;
        try {
          fileData = await renderInWorker(await jobFor(ctx, asked, generatedAt, reports), {
            signal: ctx.signal,
          });
        } catch (err) {
          // Nobody waits for this answer any more: not a failure of the report to log.
          if (ctx.signal.aborted) throw reportError('the caller gave up before the report was made');
          ctx.log(
            `report ${asked.template}.${asked.type} failed: ${err instanceof Error ? err.message : String(err)}`,
          );
          throw reportError(`the ${asked.template} report could not be made as ${asked.type}`);
        }
        data.push({
          ...asked.request,
          fileData,
          reportName: reportFileName(asked.template, asked.type, generatedAt),
        });
      }
      return { data };
    },
  }),
];
