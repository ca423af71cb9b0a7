import { describe, expect, it } from 'vitest';
import { renderReport } from '../../../src/server/reports/index.js';
import { sampleReport } from './sample.js';

describe('json report', () => {
  it('is a pretty-printed document with the report, its time in the report zone, the count and the records', async () => {
    const data = sampleReport(3);
    const text = (await renderReport(data, 'json')).toString('utf8');
    expect(text).toMatch(/^\{\n {2}"report": "edge-devices",\n/);
    const doc = JSON.parse(text);
    expect(doc).toEqual({
      report: 'edge-devices',
      title: 'Edge devices',
      organization: 'Northwind Utilities',
      generatedAt: '2026-11-21T15:00:00*000+0530',
      count: 3,
      records: data.records,
    });
    // Whole records, including fields no column shows.
    expect(doc.records[2].edgeFlows).toEqual([{ name: 'flow-2' }]);
  });

  it('counts zero for a report with no records', async () => {
    const doc = JSON.parse((await renderReport(sampleReport(0, { timeZone: 'UTC' }), 'json')).toString());
    expect(doc.count).toBe(0);
    expect(doc.records).toEqual([]);
    expect(doc.generatedAt).toBe('2026-11-21T09:30:00*000+0000');
  });
});
