import { describe, expect, it } from 'vitest';
import { formatDate, formatTimestamp, isValidTimeZone, parseTimestamp } from '../../src/domain/timestamp.js';

// The slow, obviously right rendering: Intl formats every field and the offset itself.
function reference(ms: number, timeZone: string): string {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  });
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(ms)) p[part.type] = part.value;
  const offset = (p.timeZoneName ?? '').replace('GMT', '').replace(':', '') || '+0000';
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}*${String(ms % 1000).padStart(3, '0')}${offset}`;
}

describe('timestamps', () => {
  it('renders the wire form with the zone offset as ±HHMM', () => {
    const instant = Date.UTC(2026, 10, 21, 4, 0, 0, 5);
    expect(formatTimestamp(instant)).toBe('2026-11-21T04:00:00*005+0000');
    expect(formatTimestamp(instant, 'Asia/Kolkata')).toBe('2026-11-21T09:30:00*005+0530');
    expect(formatTimestamp(instant, 'America/New_York')).toBe('2026-11-20T23:00:00*005-0500');
    expect(formatDate(Date.UTC(2026, 10, 21, 20), 'Asia/Kolkata')).toBe('2026-11-22');
  });

  it('renders an instant asked again (as the records of a write share one) the same, whatever came between', () => {
    const instant = Date.UTC(2026, 10, 21, 4, 0, 0, 5);
    for (const zone of ['UTC', 'Asia/Kolkata', 'UTC', 'UTC', 'America/New_York', 'Asia/Kolkata']) {
      expect(formatTimestamp(instant, zone)).toBe(reference(instant, zone));
      expect(formatTimestamp(new Date(instant + 1), zone)).toBe(reference(instant + 1, zone));
      expect(formatTimestamp(instant, zone)).toBe(reference(instant, zone));
    }
  });

  it('agrees with Intl across daylight-saving transitions and odd offsets', () => {
    const zones = [
      'Europe/London',
      'America/St_Johns',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Asia/Kathmandu',
    ];
    for (const zone of zones) {
      for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2026, 0, 1); ms += 3_600_000 * 5 + 123_457) {
        expect(formatTimestamp(ms, zone)).toBe(reference(ms, zone));
      }
    }
  });

  it('renders any day, the days alternating, before 1970 and after 9999 as the Date fields say', () => {
    const fields = (ms: number) => {
      const d = new Date(ms);
      const p = (n: number, w = 2) => String(n).padStart(w, '0');
      return `${p(d.getUTCFullYear(), 4)}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}T${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}*${p(d.getUTCMilliseconds(), 3)}+0000`;
    };
    const instants = [0, 1, 86_399_999, 86_400_000, -1, -86_400_001, Date.UTC(9999, 11, 31, 23, 59, 59, 999)];
    instants.push(Date.UTC(10000, 0, 1), Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(2024, 2, 1));
    for (let i = 0; i < 2000; i++) instants.push(Math.floor(Math.random() * Date.UTC(2200, 0, 1)));
    for (const ms of instants) expect(formatTimestamp(ms), String(ms)).toBe(fields(ms));
  });

  it('parses the wire form, ISO 8601 and plain dates back to the instant', () => {
    const instant = Date.UTC(2026, 10, 21, 4, 0, 0, 5);
    expect(parseTimestamp('2026-11-21T09:30:00*005+0530')).toBe(instant);
    expect(parseTimestamp(formatTimestamp(instant, 'Pacific/Chatham'))).toBe(instant);
    expect(parseTimestamp('2026-11-21T04:00:00.005Z')).toBe(instant);
    expect(parseTimestamp('2026-11-21')).toBe(Date.UTC(2026, 10, 21));
    expect(parseTimestamp('yesterday')).toBeUndefined();
  });

  it('knows IANA zones', () => {
    expect(isValidTimeZone('Asia/Kolkata')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});
