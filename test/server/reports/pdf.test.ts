import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../../src/server/reports/index.js';
import { GENERATED_AT, sampleReport } from './sample.js';

interface Parsed {
  pages: string[];
  info: Record<string, unknown>;
  creationDate: Date | null | undefined;
}

async function parsePdf(pdf: Buffer): Promise<Parsed> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = await parser.getText();
    const info = await parser.getInfo();
    return {
      pages: text.pages.map((p) => p.text),
      info: info.info as Record<string, unknown>,
      creationDate: info.getDateNode().CreationDate,
    };
  } finally {
    await parser.destroy();
  }
}

describe('pdf report', () => {
  it('is a one-page pdf with the title, generation time, organization, headers, cells and a page footer', async () => {
    const pdf = await renderReport(sampleReport(3), 'pdf');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages } = await parsePdf(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    expect(text).toContain('Edge devices');
    expect(text).toContain('Northwind Utilities');
    expect(text).toContain('2026-11-21 15:00:00 Asia/Kolkata (UTC+05:30)');
    for (const header of ['Device UUID', 'Device name', 'Port', 'Active', 'Notes'])
      expect(text).toContain(header);
    expect(text).toContain('Pump station 2');
    expect(text).toContain('3f2b6c1e-0000-4000-8000-000000000001');
    expect(text).toContain('8002');
    expect(text).toContain('Page 1 of 1');
  });

  it('sets the title, author and creation date in the document metadata', async () => {
    const { info, creationDate } = await parsePdf(await renderReport(sampleReport(1), 'pdf'));
    expect(info.Title).toBe('Edge devices');
    expect(info.Author).toBe('Northwind Utilities');
    expect(creationDate?.getTime()).toBe(GENERATED_AT);
  });

  it('spreads many records over pages, repeating the header row and numbering every page', async () => {
    const { pages } = await parsePdf(await renderReport(sampleReport(200), 'pdf'));
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(text).toContain('Device UUID');
      expect(text).toContain('Device name');
    });
    expect(pages[1]).not.toContain('Northwind Utilities'); // the title block is on the first page only
    const all = pages.join('\n');
    for (let i = 0; i < 200; i++) expect(all).toContain(`Pump station ${i}`);
  });

  it('says "No records" for a report without records', async () => {
    const pdf = await renderReport(sampleReport(0), 'pdf');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages } = await parsePdf(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('No records');
    expect(pages[0]).toContain('Device name');
    expect(pages[0]).toContain('Page 1 of 1');
  });

  it('cuts text too long for its column with an ellipsis and keeps the other columns whole', async () => {
    const long = `Long description ${'word '.repeat(300)}END`;
    const data = sampleReport(1, {
      columns: [
        { key: 'uuid', header: 'Device UUID' },
        { key: 'description', header: 'Description' },
      ],
      records: [{ uuid: '3f2b6c1e-0000-4000-8000-000000000000', description: long }],
    });
    const text = (await parsePdf(await renderReport(data, 'pdf'))).pages[0]!;
    expect(text).toContain('3f2b6c1e-0000-4000-8000-000000000000');
    expect(text).toMatch(/Long description (word )+w?o?r?d?\u2026/);
    expect(text).not.toContain('END');
  });

  it('draws characters the standard fonts lack as close Latin letters or "?"', async () => {
    const data = sampleReport(1, {
      organization: 'Zürich Ōsaka 東京',
      records: [{ uuid: 'x', deviceName: 'Ünïcode Ł 日本' }],
    });
    const text = (await parsePdf(await renderReport(data, 'pdf'))).pages[0]!;
    expect(text).toContain('Zürich Osaka ??');
    expect(text).toContain('Ünïcode ? ??');
  });

  it('numbers pages right at every page boundary (the count is worked out before drawing)', async () => {
    // Around the ends of the first page (about 32 rows) and of the second (about 67).
    for (const n of [30, 31, 32, 33, 34, 35, 64, 65, 66, 67, 68, 69, 70, 71]) {
      const { pages } = await parsePdf(await renderReport(sampleReport(n), 'pdf'));
      const last = pages.length;
      expect(pages[last - 1], `${n} rows`).toContain(`Page ${last} of ${last}`);
      const rows = pages.join('\n').match(/Pump station \d+/g) ?? [];
      expect(new Set(rows).size, `${n} rows`).toBe(n);
    }
  });

  it('is byte-for-byte the same for the same input', async () => {
    const data = sampleReport(120);
    const a = await renderReport(data, 'pdf');
    const b = await renderReport(data, 'pdf');
    expect(a.equals(b)).toBe(true);
  });

  it('renders 10,000 records within a few seconds', async () => {
    const started = performance.now();
    const pdf = await renderReport(sampleReport(10_000), 'pdf');
    const elapsed = performance.now() - started;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // About 2 s on a developer machine; the bound leaves room for a loaded machine (8 s seen with two busy cores).
    expect(elapsed).toBeLessThan(20_000);
  });
});
