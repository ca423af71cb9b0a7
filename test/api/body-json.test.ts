import { describe, expect, it } from 'vitest';
import { parseEnvelope } from '../../src/api/body-json.js';

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
