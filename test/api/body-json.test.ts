import { describe, expect, it } from 'vitest';
import { pageLines, parseEnvelope } from '../../src/api/body-json.js';
import { isLines, pageLength, type RecordPage, recordsOf, slicePage } from '../../src/domain/record-lines.js';

const device = (i: number, name = `gateway ${i}`) => ({
  uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  edgeDeviceName: name,
  port: 1024 + i,
  isActive: i % 2 === 0,
  longDescription: null,
  edgeFlows: [
    { uuid: `f-${i}`, flowName: 'a},{"uuid":"x' },
    { uuid: `g-${i}`, nested: [{ x: '},{' }, { y: ']' }] },
  ],
});

const page = (n: number, name?: (i: number) => string) => ({
  statusCode: 'OK',
  reason: null,
  data: Array.from({ length: n }, (_, i) => device(i, name?.(i))),
  metadata: { pageNo: 0, list: [1, [2], { z: ']' }] },
});

describe('parseEnvelope: a large envelope read in runs', () => {
  it('gives what JSON.parse gives, records with nested lists and cut-like text included', () => {
    const value = page(2000, (i) => (i % 7 === 0 ? `n},{"uuid":"${i}\\"},{` : `gateway ${i} é ☃`));
    const bytes = Buffer.from(JSON.stringify(value));
    expect(bytes.length).toBeGreaterThan(300_000);
    expect(parseEnvelope(bytes)).toEqual(value);
  });

  it('reads data wherever it stands among the members', () => {
    const { data, ...rest } = page(1500);
    for (const value of [
      { data, ...rest },
      { ...rest, data },
    ]) {
      expect(parseEnvelope(Buffer.from(JSON.stringify(value)))).toEqual(value);
    }
  });

  it('leaves to JSON.parse what it cannot prove: small, spaced, broken, or a second data', () => {
    expect(parseEnvelope(Buffer.from(JSON.stringify(page(10))))).toBeUndefined();
    expect(parseEnvelope(Buffer.from(JSON.stringify(page(1500), null, 1)))).toBeUndefined();
    const text = JSON.stringify(page(1500));
    expect(parseEnvelope(Buffer.from(text.slice(0, -40)))).toBeUndefined();
    const twice = `${text.slice(0, -1)},"data":[]}`;
    expect(parseEnvelope(Buffer.from(twice))).toBeUndefined();
    expect(JSON.parse(twice).data).toEqual([]);
  });
});

describe("pageLines: a page's records as NDJSON lines, read from its bytes", () => {
  const ndjson = (records: unknown[]) => records.map((r) => `${JSON.stringify(r)}\n`).join('');

  it("gives each record's own text on a line, whatever its strings and nesting hold, at any size", () => {
    for (const n of [1, 3, 2000]) {
      const value = page(n, (i) => (i % 3 === 0 ? `n},{"uuid":"${i}\\"},{ [] {} , é ☃ \\` : `gateway ${i}`));
      const got = pageLines(Buffer.from(JSON.stringify(value)));
      expect(got?.count).toBe(n);
      expect(got?.lines.toString()).toBe(ndjson(value.data));
      // The envelope's other members, its records left out.
      expect(got?.envelope).toEqual({ ...value, data: [] });
    }
  });

  it("keeps the service's own forms of a value: escapes and numbers as it wrote them", () => {
    const records = [
      String.raw`{"n":"caf\u00e9 a\/b \"\\\b\f\n\r\t","x":1.0E3,"t":true,"f":false,"z":null}`,
      '{"m":-0.5,"e":[1e+10,0,-0,2E-3,[],{},[[{}]]],"o":{}}',
      '{}',
    ];
    const text = `{"statusCode":"OK","data":[${records.join(',')}]}`;
    const got = pageLines(Buffer.from(text));
    expect(got?.lines.toString()).toBe(`${records.join('\n')}\n`);
    expect(recordsOf({ count: got!.count, lines: got!.lines })).toEqual(JSON.parse(text).data);
  });

  it('leaves to JSON.parse any page that is not compact records in UTF-8', () => {
    const good = JSON.stringify(page(3));
    expect(pageLines(Buffer.from(good))).toBeDefined();
    // Records JSON.parse refuses: a page of one is never printed as it came.
    const notJson = [
      '{"a":tru}',
      '{"a":truex}',
      '{"a":nul}',
      '{"a":1.2.3}',
      '{"a":01}',
      '{"a":-}',
      '{"a":1e}',
      '{"a":.5}',
      '{"a":+1}',
      '{"a"1}',
      '{"a":1,}',
      '{,"a":1}',
      '{"a":1:2}',
      '{"a":["b":1]}',
      '{"a":[1,]}',
      '{"a":[1}',
      String.raw`{"a":"\x"}`,
      String.raw`{"a":"\u12G4"}`,
      '{1:2}',
      '{"a":{"b"}}',
      '{"a":1}x',
      '{"a":1}{"b":2}',
    ].map((record) => `{"statusCode":"OK","data":[${record}]}`);
    for (const text of notJson) expect(() => JSON.parse(text), text).toThrow();
    const bad = [
      JSON.stringify(page(3), null, 1), // spaced
      good.replace('"gateway 1"', '"gateway\n1"'), // a raw newline in a string
      good.replace('"gateway 1"', '"gateway\t1"'), // a raw tab
      good.replace('"gateway 1"', '"gateway\u001f1"'), // the last control character
      good.replace('"gateway 1"', '"gateway 1\\"'), // an escape where the string would end
      good.replace(/\{"y":"\]"\}\]\}\]\}\],"metadata"/, '{"y":"]}]}]}],"metadata"'), // a string open past the records
      good.slice(0, -40), // cut short
      good.replace('"port":1025', '"port":x1025'), // no JSON value
      good.replace('"isActive":false', '"isActive":fals e'),
      good.replace('[{"uuid"', '[1,{"uuid"'), // a record that is no object
      good.replace(
        '},{"uuid":"00000000-0000-4000-8000-000000000002"',
        '},,{"uuid":"00000000-0000-4000-8000-000000000002"',
      ),
      good.replace('"edgeFlows":[', '"edgeFlows":[['), // unbalanced
      '{"statusCode":"OK","data":[]}', // nothing to print
      `${good.slice(0, -1)},"data":[]}`, // a second data
      ...notJson,
    ];
    for (const text of bad) {
      expect(text).not.toBe(good);
      const bytes = Buffer.from(text);
      expect(pageLines(bytes), text.slice(0, 80)).toBeUndefined();
      // Read where they lie: a page refused after its first records keeps its commas, for the error's quote.
      expect(bytes.toString(), text.slice(0, 80)).toBe(text);
    }
    const latin1 = Buffer.from(good.replace('gateway 1', 'gateway \u00e9'), 'latin1');
    expect(pageLines(latin1)).toBeUndefined();
  });

  it('a page of lines is still its records for any reader that asks for them', () => {
    const value = page(5);
    const got = pageLines(Buffer.from(JSON.stringify(value)))!;
    const lines: RecordPage<object> = { count: got.count, lines: got.lines };
    expect(isLines(lines)).toBe(true);
    expect(pageLength(lines)).toBe(5);
    expect(recordsOf(lines)).toEqual(value.data);
    // Cut as an array is cut, and still lines.
    for (const [a, b] of [
      [0, 2],
      [1, 5],
      [3, 9],
      [5, 5],
      [2, undefined],
    ] as const) {
      const part = slicePage(lines, a, b);
      expect(isLines(part)).toBe(true);
      expect(pageLength(part)).toBe(value.data.slice(a, b).length);
      expect(recordsOf(part)).toEqual(value.data.slice(a, b));
    }
    expect(isLines(value.data)).toBe(false);
    expect(recordsOf(value.data)).toBe(value.data);
  });
});
