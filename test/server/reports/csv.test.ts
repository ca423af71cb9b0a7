import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../../src/server/reports/index.js';
import { sampleReport } from './sample.js';

async function csvOf(data = sampleReport()): Promise<string> {
  return (await renderReport(data, 'csv')).toString('utf8');
}

describe('csv report', () => {
  it('starts with a header row of the column headers and ends records with CRLF', async () => {
    const text = await csvOf();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Device UUID,Device name,Port,Active,Notes');
    expect(lines[1]).toBe('3f2b6c1e-0000-4000-8000-000000000000,Pump station 0,8000,true,');
    expect(lines[2]).toBe('3f2b6c1e-0000-4000-8000-000000000001,Pump station 1,8001,false,');
    expect(lines).toHaveLength(5); // header, three records, and the empty text after the last CRLF
  });

  it('quotes commas, quotes and line breaks, and doubles embedded quotes', async () => {
    const data = sampleReport(0, {
      columns: [
        { key: 'a', header: 'Name, full' },
        { key: 'b', header: 'B' },
      ],
      records: [
        { a: 'Smith, John', b: 'say "hi"' },
        { a: 'line one\nline two', b: 'cr\ronly' },
        { a: 'crlf\r\ninside', b: 'plain' },
      ],
    });
    const text = await csvOf(data);
    expect(text).toBe(
      [
        '"Name, full",B',
        '"Smith, John","say ""hi"""',
        '"line one\nline two","cr\ronly"',
        '"crlf\r\ninside",plain',
        '',
      ].join('\r\n'),
    );
  });

  it('writes nested values as JSON, booleans and numbers as text, and null or missing as empty', async () => {
    const data = sampleReport(0, {
      columns: [
        { key: 'nested', header: 'Nested' },
        { key: 'list', header: 'List' },
        { key: 'flag', header: 'Flag' },
        { key: 'n', header: 'N' },
        { key: 'none', header: 'None' },
        { key: 'missing', header: 'Missing' },
      ],
      records: [{ nested: { a: 1, b: 'x' }, list: [1, 'two'], flag: false, n: 2.5, none: null }],
    });
    const rows = parse(await csvOf(data)) as string[][];
    expect(rows[1]).toEqual(['{"a":1,"b":"x"}', '[1,"two"]', 'false', '2.5', '', '']);
  });

  it('reads a dotted column key as a path into nested objects', async () => {
    const data = sampleReport(0, {
      columns: [{ key: 'licenseDetails.license.orgUuid', header: 'Org' }],
      records: [{ licenseDetails: { license: { orgUuid: 'org-1' } } }, { licenseDetails: null }],
    });
    expect(parse(await csvOf(data))).toEqual([['Org'], ['org-1'], ['']]);
  });

  it('round-trips awkward values through csv-parse', async () => {
    const values = [
      'a,b',
      '"quoted"',
      'multi\nline',
      'tab\tand space ',
      ' lead',
      'ümlaut — 日本',
      '',
      '=1+2',
    ];
    const data = sampleReport(0, {
      columns: [{ key: 'v', header: 'Value' }],
      records: values.map((v) => ({ v })),
    });
    const rows = parse(await csvOf(data), { record_delimiter: '\r\n' }) as string[][];
    // A formula comes back with the quote that keeps a spreadsheet from running it.
    expect(rows).toEqual([['Value'], ...values.map((v) => [v.startsWith('=') ? `'${v}` : v])]);
  });

  it('renders a header row alone when there are no records', async () => {
    expect(await csvOf(sampleReport(0))).toBe('Device UUID,Device name,Port,Active,Notes\r\n');
  });
});

describe('csv report for spreadsheets', () => {
  it("writes text that starts a formula with a leading ' (line feed included); numbers and other text as they are", async () => {
    const names = [
      '=HYPERLINK("http://x","y")',
      "+cmd|' /C calc'!A0",
      '@SUM(1)',
      '-rf',
      '\t=1',
      '\n=1',
      "'=1",
    ];
    const data = sampleReport(0, {
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'n', header: 'N' },
      ],
      records: [...names.map((name) => ({ name, n: -5 })), { name: 'a=b', n: -0.5 }],
    });
    const rows = parse(await csvOf(data)) as string[][];
    expect(rows.slice(1)).toEqual([...names.map((name) => [`'${name}`, '-5']), ['a=b', '-0.5']]);
  });
});

describe('csv report timestamps', () => {
  it('writes a wire timestamp as ISO 8601 in its own zone (Z for UTC); dates and other text as they are', async () => {
    const values = [
      '2027-05-31T23:59:59*000+0000',
      '2026-11-21T15:00:00*123+0530',
      '2026-11-21T04:30:00*000-0930',
      '2026-11-21',
      'at 2026-11-21T15:00:00*123+0530',
      '2026-11-21T15:00:00.123Z',
    ];
    const data = sampleReport(0, {
      columns: [{ key: 'at', header: 'At' }],
      records: values.map((at) => ({ at })),
    });
    const rows = parse(await csvOf(data)) as string[][];
    expect(rows.slice(1).map(([cell]) => cell)).toEqual([
      '2027-05-31T23:59:59.000Z',
      '2026-11-21T15:00:00.123+05:30',
      '2026-11-21T04:30:00.000-09:30',
      '2026-11-21',
      'at 2026-11-21T15:00:00*123+0530',
      '2026-11-21T15:00:00.123Z',
    ]);
    // Each reads back as the instant it was written from.
    expect(Date.parse(rows[2]![0]!)).toBe(Date.UTC(2026, 10, 21, 9, 30, 0, 123));
  });
});
