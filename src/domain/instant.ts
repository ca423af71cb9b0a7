// Timestamps and dates of the interface as plain functions, apart from their zod schemas (timestamp.ts):
// output and commands that only print or compare them must not load zod.
// Wire form of the interface: yyyy-MM-dd'T'HH:mm:ss*SSS±HHMM (a literal '*' before the milliseconds).
export const WIRE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\*\d{3}[+-]\d{4}$/;
// Also accepted on input: ISO 8601 with '.' for milliseconds (and an optional offset or Z).
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;
export const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

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

/** The zone's UTC offset in minutes at `ms`, by formatting that instant in the zone (slow: cached below). */
function measureOffset(ms: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const p of partsFormatter(timeZone).formatToParts(ms)) parts[p.type] = p.value;
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60000);
}

// Offsets change only at transitions, which fall on quarter hours: one measurement serves a quarter hour.
// A listing's timestamps cluster, so this turns thousands of Intl calls into a handful.
const QUARTER_HOUR = 15 * 60_000;
const offsetCache = new Map<string, Map<number, number>>();

function offsetMinutes(ms: number, timeZone: string): number {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 0;
  const bucket = Math.floor(ms / QUARTER_HOUR);
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  let offset = zone.get(bucket);
  if (offset === undefined) {
    offset = measureOffset(bucket * QUARTER_HOUR, timeZone);
    if (zone.size >= 4096) zone.clear();
    zone.set(bucket, offset);
  }
  return offset;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** Renders an instant in the wire form, in `timeZone` (UTC by default). */
export function formatTimestamp(instant: Date | number, timeZone = 'UTC'): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const offset = offsetMinutes(ms, timeZone);
  const w = new Date(ms + offset * 60_000);
  return (
    `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}` +
    `T${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}` +
    `*${pad(w.getUTCMilliseconds(), 3)}${offsetText(offset)}`
  );
}

/** Renders the calendar date of an instant in `timeZone`: YYYY-MM-DD. */
export function formatDate(instant: Date | number, timeZone = 'UTC'): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const w = new Date(ms + offsetMinutes(ms, timeZone) * 60_000);
  return `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
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
