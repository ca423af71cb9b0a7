import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { EdgeDeviceInput } from '../../src/domain/index.js';
import { readRecords } from '../../src/input/index.js';
import { rowsFileContent } from '../../src/kit/write/rows-file.js';
import { inputFile } from '../input/helpers.js';
import { render } from './helpers.js';

// Text a spreadsheet would run as a formula, by its first character: OWASP's list, the line feed
// csv-stringify's escape_formulas misses, and the fullwidth forms it adds.
const FORMULAS = [
  '=HYPERLINK("http://x","y")',
  "+cmd|' /C calc'!A0",
  '-2+3+cmd|" /C calc"!A0',
  '@SUM(1)',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '\uff1d1+1',
  '\uff0b1',
  '\uff0d1',
  '\uff20SUM(1)',
];
// Text that holds those characters elsewhere, and quotes that are not ccp's: written as they are.
const PLAIN = ['a=b', 'x-1', "'plain", "'", "it's", ' =1', ''];

const device = (i: number, longDescription: string) => ({
  uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  edgeDeviceName: `device ${i}`,
  longDescription,
});

async function cells(texts: string[], raw = false): Promise<string[]> {
  const text = await render(
    texts.map((t, i) => device(i, t)),
    'csv',
    { fields: ['longDescription'], noHeaders: true, csvRaw: raw },
  );
  return (parse(text) as string[][]).map((row) => row[0]!);
}

describe('csv output for spreadsheets', () => {
  it('writes a text cell that starts a formula with one leading quote', async () => {
    expect(await cells(FORMULAS)).toEqual(FORMULAS.map((t) => `'${t}`));
  });

  it('leaves other text as it is', async () => {
    expect(await cells(PLAIN)).toEqual(PLAIN);
  });

  it('quotes a stored quote before a formula once more, so reading drops one and gives it back', async () => {
    expect(await cells(["'=1+1", "''@x", "'\n"])).toEqual(["''=1+1", "'''@x", "''\n"]);
  });

  it('never touches numbers; a number written as text is text', async () => {
    const record = { uuid: 'u', port: -5, noOfdevices: -1e21, longDescription: '-5' };
    const text = await render([record], 'csv', {
      fields: ['port', 'noOfdevices', 'longDescription'],
      noHeaders: true,
    });
    expect(text).toBe("-5,-1e+21,'-5\n");
  });

  it('--csv-raw writes every cell as it is', async () => {
    const all = [...FORMULAS, ...PLAIN, "'=1+1"];
    expect(await cells(all, true)).toEqual(all);
  });

  it('the header row is left alone', async () => {
    const text = await render([device(1, '=1')], 'csv', { fields: ['longDescription'] });
    expect(text.split('\n')[0]).toBe('longDescription');
  });
});

describe('csv input drops the quote ccp wrote', () => {
  it.each([
    ['spreadsheet-safe', false],
    ['raw', true],
  ])('a %s export reads back to the values written', async (_label, raw) => {
    // A raw export holds formula text bare, which reads back as it is.
    const values = raw ? FORMULAS : [...FORMULAS, ...PLAIN, "'=1+1", "''@x"];
    const records = values.map((t, i) => ({ ...device(i, t), serialNumber: `S-${i}` }));
    const text = await render(records, 'csv', {
      fields: ['edgeDeviceName', 'serialNumber', 'longDescription'],
      csvRaw: raw,
    });
    const read = await readRecords(inputFile(`round-trip-${raw}.csv`, text), { schema: EdgeDeviceInput });
    expect(read.problems).toEqual([]);
    // An empty cell leaves its field out, as it always has.
    expect(read.records.map((r) => r.record.longDescription ?? '')).toEqual(values);
  });

  it('drops only one quote, and only before a formula character; a number field reads the number', async () => {
    const text = [
      'edgeDeviceName,serialNumber,longDescription,noOfdevices',
      "'=1+1,S1,'plain,'+7",
      "''=1+1,S2,',",
      "x,S3,'\uff20x,",
    ].join('\n');
    const read = await readRecords(inputFile('quotes.csv', text), { schema: EdgeDeviceInput });
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => r.record)).toEqual([
      { edgeDeviceName: '=1+1', serialNumber: 'S1', longDescription: "'plain", noOfdevices: 7 },
      { edgeDeviceName: "'=1+1", serialNumber: 'S2', longDescription: "'" },
      { edgeDeviceName: 'x', serialNumber: 'S3', longDescription: '\uff20x' },
    ]);
  });
});

describe('a file of rows not saved (--failed-file)', () => {
  it('quotes formulas as -o csv does, and reads back to the rows it was written from', async () => {
    const rows = [...FORMULAS, "'=1+1"].map((t, i) => ({ edgeDeviceName: t, serialNumber: `S-${i}` }));
    const text = await rowsFileContent(rows, 'csv');
    const cells = (parse(text, { columns: true }) as Record<string, string>[]).map((r) => r.edgeDeviceName);
    expect(cells).toEqual(rows.map((r) => `'${r.edgeDeviceName}`));
    const read = await readRecords(inputFile('failed.csv', text), { schema: EdgeDeviceInput });
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => r.record.edgeDeviceName)).toEqual(rows.map((r) => r.edgeDeviceName));
  });
});
