// What a caller in process may hand over instead of its text (jsonValueBytesAtMost tells it, with a bound on
// that text's length), and the stamps a write drops without changing what it was given (withoutServerStamps).
import { describe, expect, it } from 'vitest';
import { jsonBytesAtMost, jsonValueBytesAtMost } from '../../../src/domain/json-bytes.js';
import { withoutServerStamps } from '../../../src/server/stamps.js';

const isJsonValue = (value: unknown) => jsonValueBytesAtMost(value) >= 0;

describe('jsonValueBytesAtMost: a value made of JSON’s own values', () => {
  it.each([
    ['a record', { a: 'x', n: 1.5, b: true, z: null, list: [1, 'two', { c: [] }] }],
    ['an object without prototype', Object.assign(Object.create(null), { a: 1 })],
    ['an empty array', []],
  ])('%s: JSON gives it back the same', (_what, value) => {
    expect(isJsonValue(value)).toBe(true);
    expect(JSON.parse(JSON.stringify(value))).toEqual(value);
    expect(jsonValueBytesAtMost(value)).toBeGreaterThanOrEqual(Buffer.byteLength(JSON.stringify(value)));
  });

  it.each([
    ['a field holding undefined', { a: undefined }],
    ['NaN', { port: Number.NaN }],
    ['Infinity', [Number.POSITIVE_INFINITY]],
    ['-0', { n: -0 }],
    ['a hole in an array', Object.assign(new Array(3), { 0: 1, 2: 3 })],
    ['a Date', { at: new Date(0) }],
    ['a class instance', { m: new Map() }],
    ['a function', { toJSON: () => 1 }],
    ['a bigint', { n: 1n }],
    ['undefined in an array', [undefined]],
  ])('%s: not JSON’s own value; jsonBytesAtMost measures its text', (what, value) => {
    expect(isJsonValue(value)).toBe(false);
    // JSON cannot write a bigint at all.
    if (what !== 'a bigint')
      expect(jsonBytesAtMost(value)).toBe(Buffer.byteLength(JSON.stringify(value) ?? ''));
  });

  it('a value nested past any record is left to the text', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(isJsonValue(deep)).toBe(false);
  });
});

describe('withoutServerStamps', () => {
  it('drops the stamps of records and their nested records, and leaves what it was given unchanged', () => {
    const body = {
      data: [
        { name: 'a', createdOn: 'x', edgeFlows: [{ flowId: 'f', modifiedOn: 'y' }, { flowId: 'g' }] },
        { name: 'b', orgAddress: { city: 'Oslo', updatedOn: 'z' } },
        { name: 'c' },
      ],
      metadata: { orgUuid: '' },
    };
    const before = structuredClone(body);
    const out = withoutServerStamps(body) as typeof body;
    expect(body).toStrictEqual(before);
    expect(out).toStrictEqual({
      data: [
        { name: 'a', edgeFlows: [{ flowId: 'f' }, { flowId: 'g' }] },
        { name: 'b', orgAddress: { city: 'Oslo' } },
        { name: 'c' },
      ],
      metadata: { orgUuid: '' },
    });
    // Copied only where a stamp was: the others are the records given.
    expect(out.data[2]).toBe(body.data[2]);
    expect(out.data[0]!.edgeFlows![1]).toBe(body.data[0]!.edgeFlows![1]);
  });

  it('is the same envelope when no record has a stamp', () => {
    const body = { data: [{ name: 'a', edgeFlows: [{ flowId: 'f' }] }] };
    expect(withoutServerStamps(body)).toBe(body);
  });
});
