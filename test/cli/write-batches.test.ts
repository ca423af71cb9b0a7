// How a bulk write cuts its records into requests: at most --batch-size records, and never more JSON than
// BATCH_BYTES unless one record alone is larger.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBytesAtMost } from '../../src/domain/json-bytes.js';
import { BATCH_BYTES, recordBatches } from '../../src/kit/write/batches.js';

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

describe('jsonBytesAtMost', () => {
  it('is never below the UTF-8 length of JSON.stringify', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(jsonBytesAtMost(v)).toBeGreaterThanOrEqual(bytes(v));
      }),
      { numRuns: 2000 },
    );
    // Text that JSON escapes the most: control characters, lone surrogates, quotes and backslashes.
    for (const s of ['\u0001'.repeat(50), '\ud800'.repeat(50), '"\\'.repeat(50), '€😀'.repeat(50)])
      expect(jsonBytesAtMost({ s, a: [s, null, 1e-300] })).toBeGreaterThanOrEqual(
        bytes({ s, a: [s, null, 1e-300] }),
      );
    // The longest numbers JSON writes: 25 characters (a sign, `0.00000` and 17 digits), 24 in exponent form.
    for (const n of [-0.0000010151713245131391, -1.2345678901234567e-308, -1.2345678901234567e308])
      expect(jsonBytesAtMost(n)).toBeGreaterThanOrEqual(bytes(n));
  });

  it('is the exact length for a record of plain text, numbers and booleans', () => {
    const record = { edgeDeviceName: 'pump 1', serialNumber: 'SN-1', port: 1880, isActive: true };
    expect(jsonBytesAtMost(record)).toBeLessThanOrEqual(bytes(record) + 30);
  });
});

describe('recordBatches', () => {
  const rows = (n: number, text = '') =>
    Array.from({ length: n }, (_, i) => ({ line: i + 2, record: { serialNumber: `SN-${i}`, text } }));

  it('cuts small records by count', () => {
    expect(recordBatches(rows(2500), 1000).map((b) => b.length)).toEqual([1000, 1000, 500]);
    expect(recordBatches(rows(3), 1).map((b) => b.length)).toEqual([1, 1, 1]);
    expect(recordBatches(rows(0), 10)).toEqual([]);
  });

  it('cuts large records by size: every batch of 1,000 asked for stays within BATCH_BYTES, in order', () => {
    const all = rows(1000, 'x'.repeat(4000));
    const batches = recordBatches(all, 1000);
    expect(batches.length).toBeGreaterThan(1);
    for (const b of batches)
      expect(bytes({ data: b.map((r) => r.record), metadata: {} })).toBeLessThanOrEqual(BATCH_BYTES);
    expect(batches.flat()).toEqual(all);
  });

  it('sends a record larger than BATCH_BYTES alone, for the service to answer', () => {
    const big = { line: 2, record: { text: 'x'.repeat(BATCH_BYTES) } };
    const b = recordBatches([...rows(2), big, ...rows(2)], 1000);
    expect(b.map((x) => x.length)).toEqual([2, 1, 2]);
  });
});
