// The report keys, file types and default file name without zod, so `ccp report download` can offer them as
// choices (and in --help) without loading the schemas.
export const REPORT_TEMPLATES = [
  'edge-devices',
  'sub-organizations',
  'code-types',
  'licenses',
  'notifications',
] as const;
export type ReportTemplate = (typeof REPORT_TEMPLATES)[number];
export const REPORT_FILE_TYPES = ['csv', 'json', 'pdf'] as const;
export type ReportFileType = (typeof REPORT_FILE_TYPES)[number];

/** Which report, in which file format. */
export interface ReportKind {
  template: ReportTemplate;
  type: ReportFileType;
}

export const isReportTemplate = (key: unknown): key is ReportTemplate =>
  (REPORT_TEMPLATES as readonly unknown[]).includes(key);

export const isReportFileType = (key: unknown): key is ReportFileType =>
  (REPORT_FILE_TYPES as readonly unknown[]).includes(key);

const two = (n: number) => String(n).padStart(2, '0');

/**
 * `<template>-<yyyyMMdd-HHmmss in UTC>.<type>`, e.g. `edge-devices-20261121-093000.pdf`: the name the server
 * gives a report, and the one `ccp report download` saves under when the service's name is not plain.
 */
export function reportFileName(template: ReportTemplate, type: ReportFileType, generatedAt: number): string {
  const d = new Date(generatedAt);
  const date = `${String(d.getUTCFullYear()).padStart(4, '0')}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;
  const time = `${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
  return `${template}-${date}-${time}.${type}`;
}
