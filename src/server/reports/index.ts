import type { ReportFileType } from '../../domain/index.js';
import { type ReportData, ReportDataSchema, ReportError, ReportFileTypeSchema } from './report-data.js';

export { reportFileName } from '../../domain/report-kinds.js';
export type { ReportColumn, ReportData } from './report-data.js';
export { ReportError } from './report-data.js';

type Renderer = (data: ReportData) => Buffer | Promise<Buffer>;

// Loaded on first use: pdfkit and its fonts cost a server start more than everything else together.
const RENDERERS: Record<ReportFileType, () => Promise<Renderer>> = {
  csv: async () => (await import('./csv.js')).renderCsv,
  json: async () => (await import('./json.js')).renderJson,
  pdf: async () => (await import('./pdf.js')).renderPdf,
};

/** Renders a report as a file of `type`; rejects with a ReportError when the data or the type is not valid. */
export async function renderReport(data: ReportData, type: ReportFileType): Promise<Buffer> {
  const fileType = ReportFileTypeSchema.safeParse(type);
  if (!fileType.success) throw new ReportError(`unknown report file type: ${String(type)}`);
  const parsed = ReportDataSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ReportError(`invalid report data: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  try {
    const render = await RENDERERS[fileType.data]();
    return await render(parsed.data);
  } catch (err) {
    throw new ReportError(`could not render the ${fileType.data} report: ${(err as Error).message}`, {
      cause: err,
    });
  }
}
