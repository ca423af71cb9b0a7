import { describe, expect, it } from 'vitest';
import { EdgeDeviceInput } from '../../src/domain/index.js';
import { readRecords } from '../../src/input/index.js';
import { inputFile } from './helpers.js';

describe('NDJSON input', () => {
  it('reads one record per line, skipping blank lines, by .ndjson and .jsonl', async () => {
    const content =
      '{"edgeDeviceName":"a","serialNumber":"S1"}\r\n\n{"edgeDeviceName":"b","serialNumber":"S2"}\n';
    for (const name of ['d.ndjson', 'd.jsonl']) {
      const { records, problems } = await readRecords(inputFile(name, content), { schema: EdgeDeviceInput });
      expect(problems).toEqual([]);
      expect(records.map((r) => [r.line, r.record.serialNumber])).toEqual([
        [1, 'S1'],
        [3, 'S2'],
      ]);
    }
  });

  it('reports bad JSON and bad fields on their own lines and keeps going', async () => {
    const path = inputFile(
      'bad.ndjson',
      [
        '{"edgeDeviceName":"a","serialNumber":"S1"}',
        '{"edgeDeviceName":"b",',
        '{"edgeDeviceName":"c","serialNumber":"S3","isActive":"maybe"}',
        '{"edgeDeviceName":"d","serialNumber":"S4"}',
      ].join('\n'),
    );
    const { records, problems } = await readRecords(path, { schema: EdgeDeviceInput });
    expect(records.map((r) => r.line)).toEqual([1, 4]);
    expect(problems.map((p) => [p.line, p.path])).toEqual([
      [2, ''],
      [3, 'isActive'],
    ]);
    expect(problems[0]!.message).toMatch(/^not valid JSON/);
  });
});
