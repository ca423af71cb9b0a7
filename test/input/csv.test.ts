import { describe, expect, it } from 'vitest';
import { EdgeDeviceInput, OrganizationUpdate } from '../../src/domain/index.js';
import { readRecords } from '../../src/input/index.js';
import { inputFile } from './helpers.js';

const schema = EdgeDeviceInput;

describe('CSV input', () => {
  it('keeps quoted commas, quotes and newlines inside cells, with start lines', async () => {
    const path = inputFile(
      'quoted.csv',
      [
        'edgeDeviceName,serialNumber,location,longDescription',
        '"Pump, north",S1,"Hall ""A""",plain',
        'Gate,S2,Dock,"line one',
        'line two, with comma',
        'line three"',
        'Valve,S3,,',
      ].join('\n'),
    );
    const { records, problems } = await readRecords(path, { schema });
    expect(problems).toEqual([]);
    expect(records.map((r) => r.line)).toEqual([2, 3, 6]);
    expect(records[0]!.record).toEqual({
      edgeDeviceName: 'Pump, north',
      serialNumber: 'S1',
      location: 'Hall "A"',
      longDescription: 'plain',
    });
    expect(records[1]!.record.longDescription).toBe('line one\nline two, with comma\nline three');
    expect(records[2]!.record).toEqual({ edgeDeviceName: 'Valve', serialNumber: 'S3' });
  });

  it('handles CRLF files, a BOM and blank lines', async () => {
    const path = inputFile(
      'crlf.csv',
      '\uFEFFedgeDeviceName,serialNumber,longDescription\r\n\r\na,S1,"x\r\ny"\r\nb,S2,z\r\n',
    );
    const { records, problems } = await readRecords(path, { schema });
    expect(problems).toEqual([]);
    expect(records.map((r) => [r.line, r.record.serialNumber])).toEqual([
      [3, 'S1'],
      [5, 'S2'],
    ]);
    expect(records[0]!.record.longDescription).toBe('x\r\ny');
  });

  it('coerces cells by the field types; an empty cell is absent', async () => {
    const path = inputFile(
      'coerce.csv',
      [
        'edgeDeviceName,serialNumber,port,noOfdevices,isActive,isDisabled',
        'a,S1,8080,3,true,no',
        'b,S2,,0,YES,0',
        'c,S3, 443 ,,1,False',
      ].join('\n'),
    );
    const { records, problems } = await readRecords(path, { schema });
    expect(problems).toEqual([]);
    expect(records.map((r) => r.record)).toEqual([
      {
        edgeDeviceName: 'a',
        serialNumber: 'S1',
        port: 8080,
        noOfdevices: 3,
        isActive: true,
        isDisabled: false,
      },
      { edgeDeviceName: 'b', serialNumber: 'S2', noOfdevices: 0, isActive: true, isDisabled: false },
      { edgeDeviceName: 'c', serialNumber: 'S3', port: 443, isActive: true, isDisabled: false },
    ]);
  });

  it('reports cells that do not fit their type, and missing fields, at the row line', async () => {
    const path = inputFile(
      'bad.csv',
      [
        'edgeDeviceName,serialNumber,port,isActive',
        'a,S1,80,true',
        '"b,',
        ' still b",S2,eighty,true',
        'c,,81,perhaps',
        'd,S4,8.5,false',
      ].join('\n'),
    );
    const { records, problems } = await readRecords(path, { schema });
    expect(records.map((r) => r.line)).toEqual([2]);
    expect(problems.map((p) => [p.line, p.path])).toEqual([
      [3, 'port'],
      [5, 'serialNumber'],
      [5, 'isActive'],
      [6, 'port'],
    ]);
  });

  it('reports rows with the wrong number of cells, and an unclosed quote', async () => {
    const path = inputFile(
      'shape.csv',
      ['edgeDeviceName,serialNumber', 'a,S1', 'b,S2,extra', 'c,S3', '"d,S4', 'e,S5'].join('\n'),
    );
    const { records, problems } = await readRecords(path, { schema });
    expect(records.map((r) => r.line)).toEqual([2, 4]);
    expect(problems.map((p) => p.line)).toEqual([3, 5]);
    expect(problems.every((p) => p.message.startsWith('not valid CSV'))).toBe(true);
  });

  it('reports a row csv-parse refuses twice (a quote inside a bare cell) once', async () => {
    const path = inputFile(
      'quote.csv',
      ['edgeDeviceName,serialNumber', 'a,S1', '=HYPERLINK("http://x"),S2', 'c,S3'].join('\n'),
    );
    const { records, problems } = await readRecords(path, { schema });
    expect(records.map((r) => r.line)).toEqual([2, 4]);
    expect(problems.map((p) => p.line)).toEqual([3]);
  });

  it('refuses a column naming a nested field', async () => {
    const path = inputFile(
      'nested.csv',
      'uuid,orgName,orgAddress\n00000000-0000-0000-0000-000000000001,x,y\n',
    );
    const { problems } = await readRecords(path, { schema: OrganizationUpdate });
    expect(problems).toContainEqual(expect.objectContaining({ line: 1, path: 'orgAddress' }));
  });

  it('reads 10,000 rows, quoted commas and quotes included, to the last line', async () => {
    const rows = ['edgeDeviceName,serialNumber,port,location'];
    for (let i = 0; i < 10_000; i++)
      rows.push(`"dev ${i}, rack ${i % 40}",SN-${i},${1000 + i},"Hall ""${i}"""`);
    const path = inputFile('big.csv', rows.join('\n'));
    const { records, problems } = await readRecords(path, { schema });
    expect(problems).toEqual([]);
    expect(records).toHaveLength(10_000);
    expect(records[9_999]).toEqual({
      line: 10_001,
      record: {
        edgeDeviceName: 'dev 9999, rack 39',
        serialNumber: 'SN-9999',
        port: 10_999,
        location: 'Hall "9999"',
      },
    });
  });
});
