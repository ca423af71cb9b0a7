import { describe, expect, it } from 'vitest';
import { jsonRuns } from '../../../src/server/json-runs.js';

const record = (i: number) => ({
  uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `device "${i}" \\ é ☃ \u2028`,
  skipped: undefined,
  fn: () => i,
  when: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
  flows: [{ a: 1 }, { b: [undefined, null, 'x'] }],
});

describe('jsonRuns: a large answer in pieces', () => {
  it('gives back JSON.stringify text, cut into pieces under 128 KB, for a long list', () => {
    const envelope = {
      statusCode: 'OK',
      reason: undefined,
      data: Array.from({ length: 1234 }, (_, i) => record(i)),
      metadata: { total: 1234, tags: ['a', 'b'] },
    };
    const runs = jsonRuns(envelope)!;
    expect(runs.length).toBeGreaterThan(3);
    expect(runs.join('')).toBe(JSON.stringify(envelope));
    for (const run of runs) expect(run.length).toBeLessThan(128 * 1024);
  });

  it('cuts a long string of a record (a report file) into slices', () => {
    const fileData = 'QUJD'.repeat(100_000);
    const envelope = { data: [{ templateKey: 'k', fileData, reportName: 'r "1"' }], statusCode: 'OK' };
    const runs = jsonRuns(envelope)!;
    expect(runs.length).toBeGreaterThan(5);
    expect(runs.join('')).toBe(JSON.stringify(envelope));
    for (const run of runs) expect(run.length).toBeLessThan(128 * 1024);
  });

  it('leaves small answers and other values whole', () => {
    expect(jsonRuns({ statusCode: 'OK', data: [record(1)] })).toBeUndefined();
    expect(jsonRuns([1, 2, 3])).toBeUndefined();
    expect(jsonRuns({ data: 'x'.repeat(200_000) })).toBeUndefined();
    expect(jsonRuns(null)).toBeUndefined();
  });
});
