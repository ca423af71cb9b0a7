import { formatTimestamp } from '../../domain/index.js';
import type { ReportData } from './report-data.js';

export function renderJson(data: ReportData): Buffer {
  const document = {
    report: data.template,
    title: data.title,
    organization: data.organization,
    generatedAt: formatTimestamp(data.generatedAt, data.timeZone),
    count: data.records.length,
    records: data.records,
  };
  return Buffer.from(`${JSON.stringify(document, null, 2)}\n`, 'utf8');
}
