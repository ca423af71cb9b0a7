import { expect } from 'vitest';
import { parseTimestamp } from '../../src/domain/index.js';

/** Asserts records are ordered by createdOn, then uuid. */
export function expectStableOrder(records: { uuid: string; createdOn: string }[]): void {
  const key = (r: { uuid: string; createdOn: string }) => [parseTimestamp(r.createdOn) ?? Number.NaN, r.uuid];
  const sorted = [...records].sort((a, b) => {
    const [ta, ua] = key(a) as [number, string];
    const [tb, ub] = key(b) as [number, string];
    return ta - tb || (ua < ub ? -1 : ua > ub ? 1 : 0);
  });
  expect(records.map((r) => r.uuid)).toEqual(sorted.map((r) => r.uuid));
}
