import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatFromContent, formatFromPath, readRecords } from '../../src/input/index.js';
import { readYaml } from '../../src/input/yaml.js';
import { inputFile, stdinOf } from './helpers.js';

const Device = z.object({ serialNumber: z.string().min(1), port: z.number().int().optional() });

describe('YAML input', () => {
  it('reads a sequence of records, each with the line it starts on', () => {
    const text = '# devices\n- serialNumber: SN-1\n  port: 1880\n\n- serialNumber: SN-2\n';
    expect(readYaml(text)).toEqual({
      records: [
        { line: 2, value: { serialNumber: 'SN-1', port: 1880 } },
        { line: 5, value: { serialNumber: 'SN-2' } },
      ],
      problems: [],
    });
  });

  it('reads an envelope, one record, and several documents', () => {
    expect(readYaml('data:\n  - serialNumber: A\n  - serialNumber: B\n').records).toEqual([
      { line: 2, value: { serialNumber: 'A' } },
      { line: 3, value: { serialNumber: 'B' } },
    ]);
    expect(readYaml('serialNumber: A\n').records).toEqual([{ line: 1, value: { serialNumber: 'A' } }]);
    expect(readYaml('---\nserialNumber: A\n---\nserialNumber: B\n').records.map((r) => r.line)).toEqual([
      2, 4,
    ]);
  });

  it('resolves anchors and aliases', () => {
    const text = '- &base\n  serialNumber: A\n  port: 1\n- <<: *base\n  serialNumber: B\n';
    const values = readYaml(text).records.map((r) => r.value);
    expect(values[1]).toMatchObject({ serialNumber: 'B' });
  });

  it('names the line of a syntax error', () => {
    const { problems } = readYaml('- serialNumber: A\n- serialNumber: [B\n');
    expect(problems[0]).toMatchObject({ line: expect.any(Number), path: '' });
    expect(problems[0]!.message).toMatch(/^not valid YAML/);
  });

  it('is chosen by extension and, on stdin, by a document start or sequence item', async () => {
    expect(formatFromPath('d.yaml')).toBe('yaml');
    expect(formatFromPath('d.YML')).toBe('yaml');
    expect(formatFromContent('---\na: 1\n')).toBe('yaml');
    expect(formatFromContent('- a: 1\n')).toBe('yaml');
    expect(formatFromContent('a,b\n1,2\n')).toBe('csv');
    const r = await readRecords('-', { schema: Device, stdin: stdinOf('- serialNumber: A\n- port: x\n') });
    expect(r.records).toEqual([{ line: 1, record: { serialNumber: 'A' } }]);
    expect(r.problems.map((p) => [p.line, p.path])).toEqual([
      [2, 'serialNumber'],
      [2, 'port'],
    ]);
  });

  it('validates records of a .yml file with their lines', async () => {
    const path = inputFile('devices.yml', 'data:\n  - serialNumber: ""\n');
    const r = await readRecords(path, { schema: Device });
    expect(r.problems).toEqual([{ line: 2, path: 'serialNumber', message: expect.any(String) }]);
  });
});
