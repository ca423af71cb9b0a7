import { describe, expect, it } from 'vitest';
import { EdgeDeviceInput, OrganizationUpdate } from '../../src/domain/index.js';
import { describeProblems, readRecords } from '../../src/input/index.js';
import { inputFile } from './helpers.js';

// A bad cell says what was given and what the field expects, not zod's "Invalid input: expected int,
// received string".
describe('problem messages', () => {
  it('name the given value and the expected kind, for CSV cells', async () => {
    const path = inputFile(
      'bad-cells.csv',
      'edgeDeviceName,serialNumber,port,isActive\nA,S1,abc,true\nB,S2,12,maybe\n,S3,5,\n',
    );
    const { problems } = await readRecords(path, { schema: EdgeDeviceInput });
    expect(describeProblems(path, problems).split('\n')).toEqual([
      `${path}:2: port: expected a number, got "abc"`,
      `${path}:3: isActive: expected true or false, got "maybe"`,
      `${path}:4: edgeDeviceName: required, but not given (expected text)`,
    ]);
  });

  it('tell text from numbers in JSON, and show a bad uuid', async () => {
    const path = inputFile(
      'bad.ndjson',
      '{"edgeDeviceName":"A","serialNumber":"S1","port":"12"}\n{"edgeDeviceName":"B","serialNumber":"S2","port":1.5}\n',
    );
    const { problems } = await readRecords(path, { schema: EdgeDeviceInput });
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'port: expected a number, got "12"',
      'port: expected a whole number, got 1.5',
    ]);
    const org = inputFile('bad-org.json', '[{"uuid":"not-a-uuid","orgName":"X"}]');
    const read = await readRecords(org, { schema: OrganizationUpdate });
    expect(read.problems.map((p) => p.message)).toEqual([
      'expected a uuid (8-4-4-4-12 hex digits), got "not-a-uuid"',
    ]);
  });
});
