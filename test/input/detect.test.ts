import { describe, expect, it } from 'vitest';
import { EdgeDeviceInput } from '../../src/domain/index.js';
import { formatFromContent, InputError, readRecords } from '../../src/input/index.js';
import { inputFile, stdinOf } from './helpers.js';

const schema = EdgeDeviceInput;

describe('format detection', () => {
  it.each([
    ['[{"a":1}]', 'json'],
    ['  \n{\n  "data": []\n}\n', 'json'],
    ['{"data": []}', 'json'],
    ['{"a":1}\n{"a":2}\n', 'ndjson'],
    ['{"a":1}\n', 'json'],
    ['a,b\n1,2\n', 'csv'],
  ])('tells %j as %s', (text, format) => {
    expect(formatFromContent(text)).toBe(format);
  });

  it('reads each format from stdin, told from its content', async () => {
    const json = '[\n{"edgeDeviceName":"a","serialNumber":"S1"}\n]';
    const ndjson = '{"edgeDeviceName":"a","serialNumber":"S1"}\n{"edgeDeviceName":"b","serialNumber":"S2"}\n';
    const csv = 'edgeDeviceName,serialNumber\na,S1\nb,S2\n';
    const j = await readRecords('-', { schema, stdin: stdinOf(json) });
    expect(j.records.map((r) => r.line)).toEqual([2]);
    const n = await readRecords('-', { schema, stdin: stdinOf(ndjson) });
    expect(n.records.map((r) => r.line)).toEqual([1, 2]);
    const c = await readRecords('-', { schema, stdin: stdinOf(csv) });
    expect(c.records.map((r) => [r.line, r.record.serialNumber])).toEqual([
      [2, 'S1'],
      [3, 'S2'],
    ]);
  });

  it('lets --format win over the extension', async () => {
    const path = inputFile('devices.txt.json', 'edgeDeviceName,serialNumber\na,S1\n');
    const { records, problems } = await readRecords(path, { schema, format: 'csv' });
    expect(problems).toEqual([]);
    expect(records).toHaveLength(1);
  });

  it('tells an unknown extension from the content', async () => {
    const path = inputFile('devices.txt', 'edgeDeviceName,serialNumber\na,S1\n');
    const { records } = await readRecords(path, { schema });
    expect(records[0]!.record.serialNumber).toBe('S1');
  });

  it('throws InputError for a missing file', async () => {
    await expect(readRecords('/nonexistent/devices.csv', { schema })).rejects.toBeInstanceOf(InputError);
  });
});
