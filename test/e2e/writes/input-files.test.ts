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
    // One batch, one creation time: printed as the service answered (by uuid), so compared by serial.
    const printed = JSON.parse(res.stdout) as { serialNumber: string }[];
    expect(printed.sort((a, b) => a.serialNumber.localeCompare(b.serialNumber))).toEqual([
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

// What Excel ("Unicode text", "CSV UTF-8") and Notepad save: a byte-order mark, then the text.
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
const ENCODINGS: Array<[string, (text: string) => Buffer]> = [
  [
    'UTF-16 little-endian',
    (text) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
  ],
  ['UTF-16 big-endian', (text) => Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)])],
  [
    'UTF-8 with a mark',
    (text) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]),
  ],
];

describe('input files in the encodings people save', () => {
  it.each(ENCODINGS)('reads a %s CSV file as text, names included', async (label, encode) => {
    const tag = label.replace(/\W+/g, '-');
    const csv = `serial,name,ip\r\nSN-E-${tag},Pompe à chaleur ${tag},10.0.0.7\r\n`;
    const file = w.file(`${tag}.csv`, encode(csv));
    const res = await w.ccp([...add, '-f', file, '-o', 'json']);
    expect(res.code, res.stderr).toBe(0);
    expect(
      w.query(
        'SELECT edge_device_name AS name, ip_adress AS ip FROM edge_devices WHERE serial_number = ?',
        `SN-E-${tag}`,
      ),
    ).toEqual([{ name: `Pompe à chaleur ${tag}`, ip: '10.0.0.7' }]);
  });

  it.each(ENCODINGS)('reads a %s CSV from stdin', async (label, encode) => {
    const tag = `${label.replace(/\W+/g, '-')}-stdin`;
    const csv = `serial,name\nSN-E-${tag},Gate ${tag}\n`;
    const res = await w.ccp([...add, '-f', '-', '--format', 'csv', '-o', 'json'], { input: encode(csv) });
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual([
      expect.objectContaining({ serialNumber: `SN-E-${tag}`, edgeDeviceName: `Gate ${tag}` }),
    ]);
  });

  // Windows PowerShell 5's `ConvertTo-Json > file` writes UTF-16 little-endian with a mark.
  it.each(ENCODINGS)('reads a %s JSON file too', async (label, encode) => {
    const tag = `${label.replace(/\W+/g, '-')}-json`;
    const file = w.file(
      `${tag}.json`,
      encode(JSON.stringify([{ serialNumber: `SN-E-${tag}`, edgeDeviceName: `Été ${tag}` }])),
    );
    const res = await w.ccp([...add, '-f', file, '-o', 'json']);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual([
      expect.objectContaining({ serialNumber: `SN-E-${tag}`, edgeDeviceName: `Été ${tag}` }),
    ]);
  });

  it.each(ENCODINGS)(
    'apply --dry-run plans from a %s CSV file, its line numbers kept',
    async (label, encode) => {
      const tag = label.replace(/\W+/g, '-');
      const csv = `serialNumber,edgeDeviceName,port\nSN-P-${tag},Plan ${tag},80\nSN-Q-${tag},Bad ${tag},eighty\n`;
      const file = w.file(`plan-${tag}.csv`, encode(csv));
      const apply = ['edgedevice', 'apply', '--org', ORG.root, '--user', USER.admin, '-f', file, '--dry-run'];
      const bad = await w.ccp([...apply, '-o', 'json']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(`${file}:3: port:`);
      expect(bad.stderr).not.toMatch(/unknown column/);

      const good = w.file(`plan-good-${tag}.csv`, encode(csv.split('\n').slice(0, 2).join('\n')));
      const res = await w.ccp([
        'edgedevice',
        'apply',
        '--org',
        ORG.root,
        '--user',
        USER.admin,
        '-f',
        good,
        '--dry-run',
        '-o',
        'json',
      ]);
      expect(res.code, res.stderr).toBe(0);
      expect(JSON.parse(res.stdout).create).toEqual([
        { serialNumber: `SN-P-${tag}`, edgeDeviceName: `Plan ${tag}`, port: 80 },
      ]);
    },
  );
});
