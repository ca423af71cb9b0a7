import { z } from 'zod';

// Wire form of the interface: yyyy-MM-dd'T'HH:mm:ss*SSS±HHMM (a literal '*' before the milliseconds).
export const WIRE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\*\d{3}[+-]\d{4}$/;
// Also accepted on input: ISO 8601 with '.' for milliseconds (and an optional offset or Z).
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const Timestamp = z
  .string()
  .refine((s) => WIRE_TIMESTAMP.test(s) || ISO_TIMESTAMP.test(s), {
    message: "expected yyyy-MM-dd'T'HH:mm:ss*SSS±HHMM or ISO 8601",
  })
  .meta({ description: "yyyy-MM-dd'T'HH:mm:ss*SSS±HHMM, e.g. 2026-11-21T09:30:00*000+0530" });

export const DateOnly = z
  .string()
  .regex(PLAIN_DATE, 'expected YYYY-MM-DD')
  .meta({ description: 'YYYY-MM-DD' });

const zoneCache = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = zoneCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneCache.set(timeZone, f);
  }
  return f;
}

/** True when `zone` is an IANA zone name this runtime knows. */
export function isValidTimeZone(zone: string | undefined | null): zone is string {
  if (!zone || typeof zone !== 'string') return false;
  try {
    partsFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  offsetMinutes: number;
}

function wallClock(ms: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of partsFormatter(timeZone).formatToParts(ms)) parts[p.type] = p.value;
  const y = Number(parts.year);
  const asUtc = Date.UTC(
    y,
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offsetMinutes = Math.round((asUtc - (ms - (((ms % 1000) + 1000) % 1000))) / 60000);
  return {
    year: String(y).padStart(4, '0'),
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
    offsetMinutes,
  };
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** Renders an instant in the wire form, in `timeZone` (UTC by default). */
export function formatTimestamp(instant: Date | number, timeZone = 'UTC'): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const w = wallClock(ms, timeZone);
  const millis = String(((ms % 1000) + 1000) % 1000).padStart(3, '0');
  return `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}:${w.second}*${millis}${offsetText(w.offsetMinutes)}`;
}

/** Renders the calendar date of an instant in `timeZone`: YYYY-MM-DD. */
export function formatDate(instant: Date | number, timeZone = 'UTC'): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const w = wallClock(ms, timeZone);
  return `${w.year}-${w.month}-${w.day}`;
}

/** Parses the wire form, ISO 8601 or a plain date into epoch milliseconds; undefined when not a timestamp. */
export function parseTimestamp(text: string | null | undefined): number | undefined {
  if (!text) return undefined;
  let iso = text;
  const wire = WIRE_TIMESTAMP.exec(text);
  if (wire) {
    // 2026-11-21T09:30:00*000+0530 -> 2026-11-21T09:30:00.000+05:30
    iso = `${text.slice(0, 19)}.${text.slice(20, 23)}${text.slice(23, 26)}:${text.slice(26, 28)}`;
  } else if (PLAIN_DATE.test(text)) {
    iso = `${text}T00:00:00Z`;
  } else if (!ISO_TIMESTAMP.test(text)) {
    return undefined;
  } else if (!/(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    iso = `${text}Z`;
  } else {
    iso = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  }
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
}
