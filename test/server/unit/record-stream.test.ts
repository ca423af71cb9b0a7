import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileRecords, RecordSplitter } from '../../../src/server/fixtures/record-stream.js';

/** The records the splitter finds in `text` fed `size` characters at a time. */
function split(text: string, size: number): [string, unknown][] {
  const out: [string, unknown][] = [];
  const s = new RecordSplitter((section, t) => out.push([section, JSON.parse(t)]));
  for (let i = 0; i < text.length; i += size) s.write(text.slice(i, i + size));
  s.end();
  return out;
}

const tricky = {
  serialNumber: 'a],}"{[\\',
  edgeDeviceName: 'ünï "q"',
  edgeFlows: [{ flowJSON: '[{"x":[]}]' }],
};

describe('RecordSplitter', () => {
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
    ['an empty array', ' [ ] ', []],
  ];
  for (const [name, text, expected] of cases) {
    it(`splits ${name}, whatever the chunk boundaries`, () => {
      for (const size of [1, 2, 3, 7, 64, text.length]) expect(split(text, size)).toEqual(expected);
    });
  }

  it('refuses a truncated file, text after the value, and a section that is not an array', () => {
    expect(() => split('[{"a":1}', 4)).toThrow(/unexpected end/);
    expect(() => split('[] []', 4)).toThrow(/after the JSON value/);
    expect(() => split('{"organizations": {}}', 4)).toThrow(/organizations: expected an array/);
    expect(() => split('"text"', 4)).toThrow(/array or object/);
  });
});

describe('fileRecords', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ccp-records-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
