// One report to make, as the request thread hands it to a report worker (pool.ts, worker.ts).
import type { ReportFileType, ReportTemplate } from '../../domain/report-kinds.js';
import { openStore } from '../store/db.js';
import { renderReport } from './index.js';
import type { ReportData } from './report-data.js';
import { gatherReport, type ReportScope } from './templates.js';

export type ReportJob = { type: ReportFileType } & (
  | { dbPath: string; template: ReportTemplate; scope: ReportScope; generatedAt: number }
  // A database with no file (":memory:") cannot be opened again elsewhere: its data travel with the job.
  | { data: ReportData }
);

/**
 * Reads the report's records (from its own connection, so the request thread stays free) and renders them.
 * Answers the file as base64 text in a Buffer of its own, which the worker can hand over without a copy.
 */
export async function makeReport(job: ReportJob): Promise<Buffer> {
  let data: ReportData;
  if ('data' in job) data = job.data;
  else {
    const store = openStore(job.dbPath);
    try {
      data = gatherReport(store, job.template, job.scope, job.generatedAt);
    } finally {
      store.close();
    }
  }
  const base64 = (await renderReport(data, job.type)).toString('base64');
  const out = Buffer.allocUnsafeSlow(base64.length);
  out.write(base64, 'latin1');
  return out;
}
