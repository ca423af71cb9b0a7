import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG, USER } from '../../fixtures/basic-ids.js';
import { type WriteEnv, writeEnv } from './helpers.js';

let w: WriteEnv;
beforeAll(async () => {
  w = await writeEnv();
});
afterAll(async () => {
  await w?.close();
});

const add = ['edgedevice', 'add', '--org', ORG.root, '--user', USER.admin];
const count = () => w.query<{ n: number }>('SELECT count(*) AS n FROM edge_devices')[0]!.n;

describe('input files of ccp edgedevice add', () => {
  it('keeps quoted commas, quotes and newlines of a CSV', async () => {
    const file = w.file(
      'quoted.csv',
      [
        'edgeDeviceName,serialNumber,location,longDescription,isActive',
        '"Pump, north",SN-Q-1,"Hall ""A""","first line',
        'second, with comma",yes',
        'Gate,SN-Q-2,Dock,,no',
      ].join('\r\n'),
    );
    const res = await w.ccp([...add, '-f', file, '-o', 'json']);
    expect(res.code, res.stderr).toBe(0);
    const rows = w.query<Record<string, unknown>>(
      'SELECT edge_device_name, location, long_description, is_active FROM edge_devices WHERE serial_number LIKE ? ORDER BY serial_number',
      'SN-Q-%',
    );
    expect(rows).toEqual([
      {
        edge_device_name: 'Pump, north',
        location: 'Hall "A"',
        long_description: 'first line\r\nsecond, with comma',
        is_active: 1,
      },
      { edge_device_name: 'Gate', location: 'Dock', long_description: null, is_active: 0 },
    ]);
    expect(JSON.parse(res.stdout)).toEqual([
      expect.objectContaining({ edgeDeviceName: 'Pump, north', serialNumber: 'SN-Q-1' }),
      expect.objectContaining({ edgeDeviceName: 'Gate', serialNumber: 'SN-Q-2' }),
    ]);
  });

  it('reports each bad row with its line number and sends nothing', async () => {
    const before = count();
    const file = w.file(
      'bad.csv',
      [
        'edgeDeviceName,serialNumber,port',
        'a,SN-X-1,80',
        '"b,',
        'still b",SN-X-2,eighty',
        ',SN-X-3,81',
        'd,SN-X-4,82',
      ].join('\n'),
    );
    const res = await w.ccp([...add, '-f', file]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('2 bad rows');
    expect(res.stderr).toContain(`${file}:3: port:`);
    expect(res.stderr).toContain(`${file}:5: edgeDeviceName:`);
    expect(res.stderr).not.toContain(':2:');
    expect(res.stdout).toBe('');
    expect(count()).toBe(before);
  });

  it('reads NDJSON from stdin, and reports a bad JSON record at the line of its brace', async () => {
    const ndjson =
      '{"edgeDeviceName":"n1","serialNumber":"SN-N-1"}\n{"edgeDeviceName":"n2","serialNumber":"SN-N-2"}\n';
    const ok = await w.ccp([...add, '-f', '-', '-o', 'ndjson'], { input: ndjson });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout.trim().split('\n')).toHaveLength(2);

    const before = count();
    const file = w.file(
      'bad.json',
      '{\n  "data": [\n    {"edgeDeviceName": "j1", "serialNumber": "SN-J-1"},\n    {\n      "edgeDeviceName": "j2"\n    }\n  ]\n}\n',
    );
    const bad = await w.ccp([...add, '-f', file]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${file}:4: serialNumber:`);
    expect(count()).toBe(before);
  });

  it('refuses a serial number repeated in the file, naming both lines', async () => {
    const file = w.file(
      'repeat.ndjson',
      '{"edgeDeviceName":"a","serialNumber":"SN-R"}\n\n{"edgeDeviceName":"b","serialNumber":"SN-R"}\n',
    );
    const res = await w.ccp([...add, '-f', file]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`${file}:3: serialNumber: SN-R repeats line 1`);
  });
});
