import { describe, expect, it } from 'vitest';
import { EdgeDeviceInput } from '../../src/domain/index.js';
import { readRecords } from '../../src/input/index.js';
import { inputFile } from './helpers.js';

const schema = EdgeDeviceInput;

describe('JSON input', () => {
  it('reads a bare array, each record at the line of its opening brace', async () => {
    const path = inputFile(
      'array.json',
      `[
  {"edgeDeviceName": "a", "serialNumber": "S1", "port": 80},

  {
    "edgeDeviceName": "b, \\"quoted\\" [x]",
    "serialNumber": "S2"
  }, {"edgeDeviceName": "c", "serialNumber": "S3"}
]
`,
    );
    const { records, problems } = await readRecords(path, { schema });
    expect(problems).toEqual([]);
    expect(records.map((r) => [r.line, r.record.serialNumber])).toEqual([
      [2, 'S1'],
      [4, 'S2'],
      [7, 'S3'],
    ]);
    expect(records[0]!.record.port).toBe(80);
    expect(records[1]!.record.edgeDeviceName).toBe('b, "quoted" [x]');
  });

  it('reads an envelope, with line numbers from the data array', async () => {
    const path = inputFile(
      'envelope.json',
      `{
  "metadata": {"orgUuid": "x", "data": [1, 2]},
  "data": [
    {"edgeDeviceName": "a", "serialNumber": "S1"},
    {"edgeDeviceName": "b", "serialNumber": "S2"}
  ]
}`,
    );
    const { records, problems } = await readRecords(path, { schema });
    expect(problems).toEqual([]);
    expect(records.map((r) => r.line)).toEqual([4, 5]);
  });

  it('reports every bad record with its line and field path', async () => {
    const path = inputFile(
      'bad.json',
      `[
  {"edgeDeviceName": "a", "serialNumber": "S1"},
  {"edgeDeviceName": "b", "port": "eighty"},
  {"edgeDeviceName": "c", "serialNumber": "S3",
   "edgeFlows": [{"flowId": 5}]}
]`,
    );
    const { records, problems } = await readRecords(path, { schema });
    expect(records.map((r) => r.line)).toEqual([2]);
    expect(problems.map((p) => [p.line, p.path])).toEqual([
      [3, 'serialNumber'],
      [3, 'port'],
      [4, 'edgeFlows[0].flowId'],
    ]);
  });

  it('reports a syntax error at its line', async () => {
    const path = inputFile('syntax.json', '[\n  {"edgeDeviceName": "a"},\n  {"edgeDeviceName": "b",}\n]');
    const { records, problems } = await readRecords(path, { schema });
    expect(records).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.line).toBe(3);
    expect(problems[0]!.message).toMatch(/^not valid JSON/);
  });

  it('takes a single object as one record', async () => {
    const path = inputFile('one.json', '\n{"edgeDeviceName": "a", "serialNumber": "S1"}\n');
    const { records } = await readRecords(path, { schema });
    expect(records).toEqual([{ line: 2, record: { edgeDeviceName: 'a', serialNumber: 'S1' } }]);
  });

  it('rejects an envelope whose data is not an array', async () => {
    const path = inputFile('bad-envelope.json', '{\n  "data": {"edgeDeviceName": "a"}\n}');
    const { problems } = await readRecords(path, { schema });
    expect(problems).toEqual([{ line: 2, path: 'data', message: 'an envelope must hold an array in data' }]);
  });
});
