import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileRecords } from '../../../src/server/loading/record-stream.js';

const dir = mkdtempSync(join(tmpdir(), 'ccp-records-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** The records fileRecords finds in `text` written to a .json file and read `size` bytes at a time. */
async function split(text: string, size: number): Promise<[string, unknown][]> {
  const path = join(dir, `split-${files++}.json`);
  writeFileSync(path, text);
  const out: [string, unknown][] = [];
  for await (const r of fileRecords(path, size)) out.push([r.section, r.record]);
  return out;
}

const tricky = {
  serialNumber: 'a],}"{[\\',
  edgeDeviceName: 'ünï "q"',
  edgeFlows: [{ flowJSON: '[{"x":[]}]' }],
};

describe('fileRecords of a JSON file', () => {
  const cases: [string, string, [string, unknown][]][] = [
    [
      'a bare array',
      JSON.stringify([tricky, { n: 1 }]),
      [
        ['edgeDevices', tricky],
        ['edgeDevices', { n: 1 }],
      ],
    ],
    [
      'an envelope',
      JSON.stringify({ metadata: { orgUuid: 'x' }, data: [tricky] }, null, 2),
      [['edgeDevices', tricky]],
    ],
    [
      'a fixture with keys in any order and values it skips',
      JSON.stringify({
        edgeDevices: [tricky],
        note: { a: [1, '}'] },
        organizations: [{ uuid: 'o' }],
        codes: [],
      }),
      [
        ['edgeDevices', tricky],
        ['organizations', { uuid: 'o' }],
      ],
    ],
    [
      'a fixture part whose key is not a section, and an envelope whose data is not an array',
      '{"metadata": [{"x": 1}], "data": {"n": 1}, "licenses": [1, "two", null]}',
      [
        ['licenses', 1],
        ['licenses', 'two'],
        ['licenses', null],
      ],
    ],
    ['an empty array', ' [ ] ', []],
  ];
  for (const [name, text, expected] of cases) {
    it(`reads ${name}, whatever the chunk boundaries`, async () => {
      for (const size of [1, 2, 3, 7, 64, text.length]) expect(await split(text, size)).toEqual(expected);
    });
  }

  it('refuses a truncated file, text after the value, and a section that is not an array', async () => {
    for (const size of [4, 1024]) {
      await expect(split('[{"a":1}', size)).rejects.toThrow(/unexpected end/);
      await expect(split('[{"a":1},{"b":', size)).rejects.toThrow(/unexpected end/);
      await expect(split('[] []', size)).rejects.toThrow(/after the JSON value/);
      await expect(split('{"organizations": {}}', size)).rejects.toThrow(/organizations: expected an array/);
      await expect(split('"text"', size)).rejects.toThrow(/array or object/);
      await expect(split('12', size)).rejects.toThrow(/array or object/);
      await expect(split('', size)).rejects.toThrow(/unexpected end/);
    }
  });

  it('refuses a file that is not JSON, saying how many records came before', async () => {
    await expect(split('hello', 1024)).rejects.toThrow(/^not valid JSON: /);
    const bad = '[{"a":1}, {"b": nope}, {"c": 3}, {"d": 4}]';
    await expect(split(bad, 1024)).rejects.toThrow(/^not valid JSON: expected a value$/);
    await expect(split(bad, 10)).rejects.toThrow(/^not valid JSON after 1 records: /);
  });
});

describe('fileRecords', () => {
  it('reads NDJSON by its content: fixture parts and devices, line by line', async () => {
    const path = join(dir, 'devices.txt');
    writeFileSync(
      path,
      `{"organizations":[{"uuid":"o"}]}\n\n${JSON.stringify(tricky)}\n{"serialNumber":"b"}\n`,
    );
    const got = [];
    for await (const r of fileRecords(path)) got.push(r);
    expect(got).toEqual([
      { section: 'organizations', record: { uuid: 'o' } },
      { section: 'edgeDevices', record: tricky },
      { section: 'edgeDevices', record: { serialNumber: 'b' } },
    ]);
  });

  it('reads a pretty-printed fixture as one JSON value', async () => {
    const path = join(dir, 'fixture.json');
    writeFileSync(path, JSON.stringify({ organizations: [{ uuid: 'o' }], edgeDevices: [tricky] }, null, 2));
    const got = [];
    for await (const r of fileRecords(path)) got.push(r.section);
    expect(got).toEqual(['organizations', 'edgeDevices']);
  });
});
