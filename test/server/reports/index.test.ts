import { describe, expect, it } from 'vitest';
import { REPORT_FILE_TYPES, type ReportFileType } from '../../../src/domain/index.js';
import { ReportError, renderReport, reportFileName } from '../../../src/server/reports/index.js';
import { GENERATED_AT, sampleReport } from './sample.js';

describe('reportFileName', () => {
  it('names the file by template, UTC generation time and type', () => {
    expect(reportFileName('edge-devices', 'pdf', GENERATED_AT)).toBe('edge-devices-20261121-093000.pdf');
    expect(reportFileName('code-types', 'csv', Date.UTC(2027, 0, 2, 3, 4, 5, 999))).toBe(
      'code-types-20270102-030405.csv',
    );
  });
});

describe('renderReport', () => {
  it('renders every file type', async () => {
    const starts: Record<ReportFileType, string> = { csv: 'Device UUID,', json: '{\n', pdf: '%PDF-' };
    for (const type of REPORT_FILE_TYPES) {
      const file = await renderReport(sampleReport(2), type);
      expect(file.subarray(0, starts[type].length).toString('latin1')).toBe(starts[type]);
    }
  });

  it('rejects an unknown file type with a ReportError', async () => {
    await expect(renderReport(sampleReport(), 'xlsx' as ReportFileType)).rejects.toThrow(ReportError);
  });

  it('rejects data that is not a report, naming the field', async () => {
    await expect(renderReport(sampleReport(1, { timeZone: 'Mars/Olympus' }), 'json')).rejects.toThrow(
      /timeZone/,
    );
    const noTemplate = { ...sampleReport(1), template: 'users' } as unknown as Parameters<
      typeof renderReport
    >[0];
    await expect(renderReport(noTemplate, 'csv')).rejects.toThrow(ReportError);
  });

  it('reports a value that cannot be rendered as a ReportError', async () => {
    const data = sampleReport(0, { columns: [{ key: 'big', header: 'Big' }], records: [{ big: { n: 1n } }] });
    await expect(renderReport(data, 'csv')).rejects.toThrow(ReportError);
  });
});
