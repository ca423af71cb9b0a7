import { formatTimestamp, parseTimestamp } from '../domain/instant.js';
import { valuesAt } from './paths.js';
import { terminalText } from './terminal-text.js';
import type { Column } from './types.js';

/** What one element of a nested array is called when a table counts them ("2 flows"). */
const ITEM_NOUNS: Record<string, string> = {
  edgeFlows: 'flow',
  externalReferences: 'reference',
  codes: 'code',
  notificationOptions: 'option',
  suborganization: 'organization',
  componentDetails: 'component',
};

export function countLabel(field: string, count: number): string {
  const noun = ITEM_NOUNS[field] ?? 'item';
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * `2027-05-31 23:59` in `timeZone`: a timestamp for people, whatever form the service wrote it in (epoch
 * milliseconds included). A date-only value stays a date; text that is no timestamp shows as it came.
 */
export function shortTime(value: string | number, timeZone: string): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const ms = parseTimestamp(value);
  if (ms === undefined) return terminalText(String(value));
  return formatTimestamp(ms, timeZone).slice(0, 16).replace('T', ' ');
}

function tableScalar(value: unknown, column: Column, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return terminalText(JSON.stringify(value));
  if (column.type === 'timestamp' && (typeof value === 'string' || typeof value === 'number')) {
    return shortTime(value, timeZone);
  }
  if (typeof value === 'string') return terminalText(value);
  return String(value);
}

/** The text a table cell shows: yes/no, counts for lists, timestamps in the zone, a list's fields joined. */
export function tableCell(record: unknown, column: Column, timeZone = 'UTC'): string {
  const { values, many } = valuesAt(record, column.path);
  if (many) {
    return values
      .filter((v) => v !== null && v !== undefined)
      .map((v) => tableScalar(v, column, timeZone))
      .join(', ');
  }
  const value = values[0];
  if (Array.isArray(value)) return countLabel(column.path.split('.').pop()!, value.length);
  return tableScalar(value, column, timeZone);
}

function csvScalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A flat csv cell: the values of a list joined with `;`, null and undefined empty. A lone number stays a
 * number, so the writer's formula quote (for text) never touches it.
 */
export function csvCell(record: unknown, path: string): string | number {
  const { values, many } = valuesAt(record, path);
  const flat = many ? values : Array.isArray(values[0]) ? (values[0] as unknown[]) : undefined;
  if (flat) return flat.map(csvScalar).join(';');
  return typeof values[0] === 'number' ? values[0] : csvScalar(values[0]);
}

const WORDS: Record<string, string> = {
  uuid: 'UUID',
  ipAdress: 'IP address',
  noOfdevices: 'Devices',
  clazz: 'Class',
  createOn: 'Created',
  createdOn: 'Created',
  updateOn: 'Updated',
  updatedOn: 'Updated',
  modifiedOn: 'Modified',
  remainingDays: 'Days left',
  applyToSubOrganizaitons: 'Sub-orgs too',
  edgeDeviceName: 'Name',
  orgName: 'Name',
};

/** A field name as words: `serialNumber` -> `Serial number`, `isActive` -> `Active`, `orgUUID` -> `Org UUID`. */
export function fieldWords(field: string): string {
  const fixed = WORDS[field];
  if (fixed) return fixed;
  const words = field
    .replace(/^is(?=[A-Z])/, '')
    .replace(/(UUID|Uuid)$/, ' UUID')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .map((w, i) => (w === 'UUID' ? w : i === 0 ? w[0]!.toUpperCase() + w.slice(1) : w.toLowerCase()));
  return words.join(' ');
}

/** Headers for table columns: the last step of each path as words, the whole path where two would clash. */
export function headers(paths: readonly string[]): string[] {
  const short = paths.map((p) => fieldWords(p.split('.').pop()!));
  return paths.map((p, i) =>
    short.indexOf(short[i]!) === short.lastIndexOf(short[i]!)
      ? short[i]!
      : p
          .split('.')
          .map((s, n) => {
            const w = fieldWords(s);
            return n === 0 || /^[A-Z]{2}/.test(w) ? w : w[0]!.toLowerCase() + w.slice(1);
          })
          .join(' '),
  );
}
