import type { ReportFileType, ReportRequest, ReportTemplate } from '../domain/report.js';
import type { WriteRequest } from './write-request.js';

/** POST /download: one record asks for one report. */
export function downloadReportRequest(
  template: ReportTemplate,
  type: ReportFileType,
): WriteRequest<ReportRequest> {
  return { method: 'POST', path: '/download', records: [{ templateKey: template, fileType: type }] };
}

export interface ReportFile {
  name: string;
  content: Buffer;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The file a download answered with: `fileData` (base64) named by `reportName`. */
export function decodeReport(record: ReportRequest | undefined, fallbackName: string): ReportFile {
  const data = record?.fileData;
  if (typeof data !== 'string' || !BASE64.test(data.replace(/\s+/g, ''))) {
    throw new TypeError('the service answered without a base64 fileData');
  }
  return { name: record?.reportName || fallbackName, content: Buffer.from(data, 'base64') };
}
