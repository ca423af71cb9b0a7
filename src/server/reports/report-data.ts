import { z } from 'zod';
import { isValidTimeZone, REPORT_FILE_TYPES, REPORT_TEMPLATES } from '../../domain/index.js';

export const ReportColumnSchema = z.object({ key: z.string().min(1), header: z.string() });
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

export const ReportDataSchema = z.object({
  template: z.enum(REPORT_TEMPLATES),
  title: z.string(),
  organization: z.string(),
  generatedAt: z.number().int().nonnegative(),
  timeZone: z.string().refine(isValidTimeZone, { message: 'expected an IANA time zone name' }),
  columns: z.array(ReportColumnSchema),
  records: z.array(z.record(z.string(), z.unknown())),
});
export type ReportData = z.infer<typeof ReportDataSchema>;

export const ReportFileTypeSchema = z.enum(REPORT_FILE_TYPES);

/** Thrown when a report cannot be rendered; the download route answers it with CCP-RM-002. */
export class ReportError extends Error {
  override readonly name = 'ReportError';
}

/**
 * Reads a column's value from a record: the record's own property first, then, for a dotted key such as
 * `licenseDetails.license.orgUuid`, the nested path, so a column can show a field inside an object.
 */
export function cellValue(record: Record<string, unknown>, key: string): unknown {
  if (Object.hasOwn(record, key)) return record[key];
  if (!key.includes('.')) return undefined;
  let value: unknown = record;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A value as cell text: empty for null/undefined, JSON for objects and arrays, plain text otherwise. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return JSON.stringify(value) ?? '';
}
