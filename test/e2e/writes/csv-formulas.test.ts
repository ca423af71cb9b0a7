// CSV is for spreadsheets (cli.md): device names a spreadsheet would run, through the real server and
// bin/ccp.js, in `-o csv`, --csv-raw and its profile key, the server's csv report, and back in with -f.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG, USER } from '../../fixtures/basic-ids.js';
import { spawnCcp } from '../../helpers/cli.js';
import { type WriteEnv, writeEnv } from './helpers.js';

let w: WriteEnv;

// Text a spreadsheet would run, by its first character (the line feed csv-stringify's own rule misses).
const NAMES = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", '@SUM(1)', '-2+3', '\n=1+1', "'=1+1"];
const DEVICES = NAMES.map((name, i) => ({
  edgeDeviceName: name,
  serialNumber: `FX-${i}`,
  longDescription: `=${i}`,
  location: 'plain text',
  port: 1000 + i,
}));
const FIELDS = 'serialNumber,edgeDeviceName,longDescription,location,port';

beforeAll(async () => {
  w = await writeEnv();
  const file = w.file('formulas.ndjson', DEVICES.map((d) => JSON.stringify(d)).join('\n'));
  const res = await w.ccp(['edgedevice', 'add', '--org', ORG.root, '--user', USER.admin, '-f', file]);
  expect(res.code, res.stderr).toBe(0);
});
afterAll(async () => {
  await w?.close();
});

const listCsv = (extra: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnCcp(
    [
      ...[
        'edgedevice',
        'list',
        '--org',
        ORG.root,
        '--all',
        '--where',
        'serialNumber~FX-',
        '--sort-by',
        'serialNumber',
      ],
      ...extra,
      ...['--base-url', w.srv.url, '--token', w.srv.tokens.admin],
    ],
    { env: { ...w.env, ...env } },
  );

/** Rows of a csv, the header row left out. */
const rowsOf = (text: string) => (parse(text) as string[][]).slice(1);
const asStored = DEVICES.map((d) => [
  d.serialNumber,
  d.edgeDeviceName,
  d.longDescription,
  d.location,
  String(d.port),
]);

describe('csv of records a spreadsheet would run', () => {
  it("-o csv writes a formula's text with a leading quote; other text and numbers as they are", async () => {
    const res = await listCsv(['-o', 'csv', '--fields', FIELDS]);
    expect(res.code, res.stderr).toBe(0);
    expect(rowsOf(res.stdout)).toEqual(
      DEVICES.map((d) => [
        d.serialNumber,
        `'${d.edgeDeviceName}`,
        `'${d.longDescription}`,
        d.location,
        String(d.port),
      ]),
    );
  });

  it('--csv-raw, CCP_CSV_RAW and the profile key csv-raw write cells as they are', async () => {
    const flag = await listCsv(['-o', 'csv', '--fields', FIELDS, '--csv-raw']);
    expect(flag.code, flag.stderr).toBe(0);
    expect(rowsOf(flag.stdout)).toEqual(asStored);

    const env = await listCsv(['-o', 'csv', '--fields', FIELDS], { CCP_CSV_RAW: 'true' });
    expect(env.code, env.stderr).toBe(0);
    expect(rowsOf(env.stdout)).toEqual(asStored);

    const set = await w.ccp(['config', 'set', '--profile', 'raw', 'csv-raw', 'true']);
    expect(set.code, set.stderr).toBe(0);
    const profile = await listCsv(['-o', 'csv', '--fields', FIELDS, '--profile', 'raw']);
    expect(profile.code, profile.stderr).toBe(0);
    expect(rowsOf(profile.stdout)).toEqual(asStored);
  });

  it("the server's csv report quotes them too", async () => {
    const res = await w.ccp(['report', 'download', '--template', 'edge-devices', '--type', 'csv', '-O', '-']);
    expect(res.code, res.stderr).toBe(0);
    const rows = parse(res.stdout) as string[][];
    const header = rows[0]!;
    const name = header.indexOf('Name');
    const serial = header.indexOf('Serial number');
    const port = header.indexOf('Port');
    const ours = rows
      .filter((r) => r[serial]!.startsWith('FX-'))
      .sort((a, b) => a[serial]!.localeCompare(b[serial]!));
    expect(ours.map((r) => [r[name], r[port]])).toEqual(
      DEVICES.map((d) => [`'${d.edgeDeviceName}`, String(d.port)]),
    );
  });

  it('an exported file added again with -f gives the same values as stored', async () => {
    const res = await listCsv([
      '-o',
      'csv',
      '--fields',
      'edgeDeviceName,serialNumber,longDescription,location,port',
    ]);
    expect(res.code, res.stderr).toBe(0);
    const file = w.file('export.csv', res.stdout);
    const add = await w.ccp(['edgedevice', 'add', '--org', ORG.sub2, '--user', USER.admin, '-f', file]);
    expect(add.code, add.stderr).toBe(0);
    const copies = w.query<Record<string, unknown>>(
      'SELECT serial_number, edge_device_name, long_description, location, port FROM edge_devices WHERE org_uuid = ? AND serial_number LIKE ? ORDER BY serial_number',
      ORG.sub2,
      'FX-%',
    );
    expect(copies.map((c) => Object.values(c).map(String))).toEqual(asStored);
  });
});
