// Timestamps and dates of the interface as plain functions, apart from their zod schemas (timestamp.ts):
// output and commands that only print or compare them must not load zod.
// Wire form of the interface: yyyy-MM-dd'T'HH:mm:ss*SSS±HHMM (a literal '*' before the milliseconds).
export const WIRE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\*\d{3}[+-]\d{4}$/;
export const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The wire form `2027-05-31T23:59:59*000+0530` as ISO 8601 (`2027-05-31T23:59:59.000+05:30`, `Z` for
 * UTC), the same instant in the same zone, which spreadsheets read; undefined for any other text.
 */
export function isoFromWire(text: string): string | undefined {
  if (!WIRE_TIMESTAMP.test(text)) return undefined;
  const offset = text.slice(23);
  const zone = offset === '+0000' || offset === '-0000' ? 'Z' : `${offset.slice(0, 3)}:${offset.slice(3)}`;
  return `${text.slice(0, 19)}.${text.slice(20, 23)}${zone}`;
}

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
  // Known without asking ICU, which would load its data for it.
  if (zone === 'UTC') return true;
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

const offsetTexts = new Map<number, string>();

function offsetText(minutes: number): string {
  let text = offsetTexts.get(minutes);
  if (text === undefined) {
    const abs = Math.abs(minutes);
    text = `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
    offsetTexts.set(minutes, text);
  }
  return text;
}

// A listing renders two timestamps a record, nearly all on a few days: the date part is kept for the last day
// seen and the time of day is put together from tables (faster than reading a Date's fields, or than
// reshaping toISOString). From 1970 to 9999; other instants take the general path.
const DAY_MS = 86_400_000;
const END_OF_9999 = Date.UTC(10000, 0, 1);
// Made with the first day seen: most commands write no timestamp (a listing passed through as it came).
let TWO_DIGITS: string[] = [];
let THREE_DIGITS: string[] = [];
let lastDay = Number.NaN;
let lastDate = '';

/** `yyyy-MM-ddTHH:mm:ss*SSS` of a wall-clock time (the instant shifted by its zone's offset). */
function wallClock(w: number): string {
  if (!(w >= 0 && w < END_OF_9999)) {
    const d = new Date(w);
    return (
      `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
      `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` +
      `*${pad(d.getUTCMilliseconds(), 3)}`
    );
  }
  const day = Math.floor(w / DAY_MS);
  if (day !== lastDay) {
    if (THREE_DIGITS.length === 0) {
      TWO_DIGITS = Array.from({ length: 60 }, (_, i) => pad(i));
      THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => pad(i, 3));
    }
    const d = new Date(day * DAY_MS);
    lastDate = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T`;
    lastDay = day;
  }
  let rest = w - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${lastDate}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}*${THREE_DIGITS[rest - seconds * 1000]}`;
}

// The last instant rendered: the records a write saves share one (their createdOn and modifiedOn alike).
let lastMs = Number.NaN;
let lastZone = '';
let lastText = '';

/** Renders an instant in the wire form, in `timeZone` (UTC by default). */
export function formatTimestamp(instant: Date | number, timeZone = 'UTC'): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (ms === lastMs && timeZone === lastZone) return lastText;
  const offset = offsetMinutes(ms, timeZone);
  lastText = wallClock(ms + offset * 60_000) + offsetText(offset);
  lastMs = ms;
  lastZone = timeZone;
  return lastText;
}

/** Renders the calendar date of an instant in `timeZone`: YYYY-MM-DD. */
export function formatDate(instant: Date | number, timeZone = 'UTC'): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const w = new Date(ms + offsetMinutes(ms, timeZone) * 60_000);
  return `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
}

// Every form a Java service writes for the interface's two patterns (decisions.md, "read tolerantly"):
// SimpleDateFormat's `*SSS+0530`, java.time's `*SSSGMT+05:30` and `*SSSGMT`, ISO 8601 with `.` or `*`
// before the fraction and `Z`, `+05:30`, `+0530` or no offset (UTC).
export const READABLE_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.*](\d{1,9}))?)?(Z|GMT|UTC)?(?:([+-])(\d{2})(?::?(\d{2}))?)?$/;

/** A YYYY-MM-DD day as epoch milliseconds at midnight UTC; undefined for a day that does not exist. */
function dayOf(text: string): number | undefined {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, unlike Date.UTC, keeps years below 100 as they are.
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  // 30 February rolls over into March, month 13 into the next year: such a day is no date.
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date.getTime() : undefined;
}

/** Whether a text is a YYYY-MM-DD day that exists (not 2026-02-30, not 2026-13-45). */
export function isDateText(text: string): boolean {
  return PLAIN_DATE.test(text) && dayOf(text) !== undefined;
}

/**
 * The one timestamp reader: any form of READABLE, a plain date (midnight UTC) or epoch milliseconds (a JSON
 * number, Jackson's default) as epoch milliseconds; undefined when the value is not a timestamp.
 */
export function parseTimestamp(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : undefined;
  if (typeof value !== 'string' || value === '') return undefined;
  if (PLAIN_DATE.test(value)) return dayOf(value);
  const m = READABLE_TIMESTAMP.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone, sign, oh, om] = m;
  // A bare `Z`/`UTC` takes no offset after it; `GMT` may (java.time's `GMT+05:30`).
  if (sign && (zone === 'Z' || zone === 'UTC')) return undefined;
  const month = Number(mo);
  const day = Number(d);
  const hours = Number(h);
  const minutes = Number(mi);
  const seconds = Number(s ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hours > 23 || minutes > 59 || seconds > 59)
    return undefined;
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om ?? 0)) : 0;
  const millis = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  const local = Date.UTC(Number(y), month - 1, day, hours, minutes, seconds, millis);
  // Date.UTC rolls 31 February over into March: such a day is no date.
  if (new Date(local).getUTCDate() !== day) return undefined;
  return local - offset * 60_000;
}

/** Whether a text is a timestamp in a form the reader knows (a plain date is not one). */
export function isTimestampText(text: string): boolean {
  return !PLAIN_DATE.test(text) && parseTimestamp(text) !== undefined;
}

/** ISO 8601 in UTC with milliseconds (`2026-11-18T11:06:40.123Z`), what spreadsheets and jq read. */
export function isoTimestamp(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * Fields that hold an instant in the interface's records (a notification's own createdOn/updatedOn are
 * plain dates, which the reader tells apart by their form).
 */
export const TIMESTAMP_FIELDS: ReadonlySet<string> = new Set([
  'createdOn',
  'modifiedOn',
  'updatedOn',
  'createOn',
  'updateOn',
  'activateOn',
  'licenseFrom',
  'licenseTo',
]);
