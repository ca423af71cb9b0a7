import type { z } from 'zod';
import { Code, CodeType } from './code.js';
import { EdgeDevice } from './edge-device.js';
import { LicenseRecord } from './license.js';
import { Notification, NotificationConfiguration } from './notification.js';
import { Organization, OrganizationOption } from './organization.js';
import { ReportRequest } from './report.js';

export * from './clock.js';
export * from './code.js';
export * from './common.js';
export * from './edge-device.js';
export * from './envelope.js';
export * from './license.js';
export * from './notification.js';
export * from './organization.js';
export * from './report.js';
export * from './service-errors.js';
export * from './timestamp.js';

/** The record schema each resource's commands print; output and --fields take field names from it. */
export const RECORD_SCHEMAS = {
  edgeDevice: EdgeDevice,
  code: Code,
  codeType: CodeType,
  organization: Organization,
  organizationOption: OrganizationOption,
  notification: Notification,
  notificationConfiguration: NotificationConfiguration,
  license: LicenseRecord,
  report: ReportRequest,
} as const satisfies Record<string, z.ZodObject>;
export type RecordKind = keyof typeof RECORD_SCHEMAS;

/** Top-level field names of a record kind, in schema order. */
export function recordFields(kind: RecordKind): string[] {
  return Object.keys(RECORD_SCHEMAS[kind].shape);
}
