// The one timestamp reader: every form a Java service writes for the interface's two patterns.
import { describe, expect, it } from 'vitest';
import { isoTimestamp, isTimestampText, parseTimestamp } from '../../src/domain/instant.js';
import { Timestamp } from '../../src/domain/timestamp.js';
import { shortTime } from '../../src/output/cells.js';
import { isoTimestamps } from '../../src/output/timestamps.js';

const AT = Date.UTC(2026, 10, 18, 11, 6, 40, 123);

const FORMS: Array<[string, string | number]> = [
  ['SimpleDateFormat, +0530', '2026-11-18T16:36:40*123+0530'],
  ['SimpleDateFormat, +0000', '2026-11-18T11:06:40*123+0000'],
  ['SimpleDateFormat, a negative offset', '2026-11-18T06:06:40*123-0500'],
  ["java.time's ZZZZ, GMT+05:30", '2026-11-18T16:36:40*123GMT+05:30'],
  ["java.time's ZZZZ at UTC, GMT", '2026-11-18T11:06:40*123GMT'],
  ["java.time's ZZZZ, GMT-03:00", '2026-11-18T08:06:40*123GMT-03:00'],
  ['ISO 8601 with . and Z', '2026-11-18T11:06:40.123Z'],
  ['ISO 8601 with * and Z', '2026-11-18T11:06:40*123Z'],
  ['ISO 8601 with +05:30', '2026-11-18T16:36:40.123+05:30'],
  ['ISO 8601 with +0530', '2026-11-18T16:36:40.123+0530'],
  ['ISO 8601 without an offset (UTC)', '2026-11-18T11:06:40.123'],
  ['ISO 8601 with * and no offset', '2026-11-18T11:06:40*123'],
  ['ISO 8601 with microseconds', '2026-11-18T11:06:40.123456Z'],
  ['epoch milliseconds', AT],
];

describe('parseTimestamp', () => {
  for (const [name, value] of FORMS) {
    it(`reads ${name}: ${value}`, () => {
      expect(parseTimestamp(value)).toBe(AT);
      if (typeof value === 'string') expect(isTimestampText(value)).toBe(true);
      expect(Timestamp.safeParse(value).success).toBe(true);
    });
  }

  it('reads a time without seconds or milliseconds', () => {
    expect(parseTimestamp('2026-11-18T11:06Z')).toBe(Date.UTC(2026, 10, 18, 11, 6));
    expect(parseTimestamp('2026-11-18T11:06:40+0000')).toBe(Date.UTC(2026, 10, 18, 11, 6, 40));
  });

  it('reads a plain date as midnight UTC, which is no timestamp text', () => {
    expect(parseTimestamp('2026-11-18')).toBe(Date.UTC(2026, 10, 18));
    expect(isTimestampText('2026-11-18')).toBe(false);
  });

  it('refuses what is not a timestamp, or a day that does not exist', () => {
    for (const bad of [
      '',
      'yesterday',
      '2026-02-30T10:00:00Z',
      '2026-13-01T10:00:00Z',
      '2026-11-18T24:00:00Z',
      '2026-11-18T11:06:40Z+0530',
      '2026-11-18 11:06:40',
    ]) {
      expect(parseTimestamp(bad), bad).toBeUndefined();
      expect(Timestamp.safeParse(bad).success, bad).toBe(false);
    }
    expect(parseTimestamp(null)).toBeUndefined();
    expect(parseTimestamp(undefined)).toBeUndefined();
    expect(parseTimestamp(Number.NaN)).toBeUndefined();
    expect(parseTimestamp({})).toBeUndefined();
  });
});

describe('readers of the reader', () => {
  it('a table shows every form in the zone short form', () => {
    for (const [, value] of FORMS) {
      expect(shortTime(value, 'Asia/Kolkata')).toBe('2026-11-18 16:36');
      expect(shortTime(value, 'UTC')).toBe('2026-11-18 11:06');
    }
    expect(shortTime('2026-11-18', 'Asia/Kolkata')).toBe('2026-11-18');
    expect(shortTime('soon', 'UTC')).toBe('soon');
  });

  it('--timestamps iso turns every timestamp field, nested ones too, into ISO 8601 UTC', () => {
    expect(isoTimestamp(AT)).toBe('2026-11-18T11:06:40.123Z');
    const record = {
      createdOn: '2026-11-18T16:36:40*123GMT+05:30',
      modifiedOn: null,
      licenseTo: AT,
      name: '2026-11-18T16:36:40*123+0530',
      edgeFlows: [{ createdOn: '2026-11-18T11:06:40*123GMT', modifiedOn: 'not a time' }],
      notification: { createdOn: '2026-11-18' },
    };
    expect(isoTimestamps(record)).toEqual({
      createdOn: '2026-11-18T11:06:40.123Z',
      modifiedOn: null,
      licenseTo: '2026-11-18T11:06:40.123Z',
      // Not a timestamp field: as it came.
      name: '2026-11-18T16:36:40*123+0530',
      edgeFlows: [{ createdOn: '2026-11-18T11:06:40.123Z', modifiedOn: 'not a time' }],
      // A notification's own dates are plain dates.
      notification: { createdOn: '2026-11-18' },
    });
  });
});
