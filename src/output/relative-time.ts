const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.44 * DAY;
const YEAR = 365.25 * DAY;

let formatter: Intl.RelativeTimeFormat | undefined;

/** "3 days ago", "in 2 months", "just now": the distance from `now` to `then`, rounded to its largest unit. */
export function relativeTime(then: number, now: number): string {
  const diff = then - now;
  const abs = Math.abs(diff);
  if (abs < 45 * SECOND) return 'just now';
  let value: number;
  let unit: Intl.RelativeTimeFormatUnit;
  if (abs < 45 * MINUTE) [value, unit] = [Math.max(1, Math.round(abs / MINUTE)), 'minute'];
  else if (abs < 22 * HOUR) [value, unit] = [Math.round(abs / HOUR), 'hour'];
  else if (abs < 26 * DAY) [value, unit] = [Math.round(abs / DAY), 'day'];
  else if (abs < 320 * DAY) [value, unit] = [Math.max(1, Math.round(abs / MONTH)), 'month'];
  else [value, unit] = [Math.max(1, Math.round(abs / YEAR)), 'year'];
  formatter ??= new Intl.RelativeTimeFormat('en', { numeric: 'always' });
  return formatter.format(diff < 0 ? -value : value, unit);
}
