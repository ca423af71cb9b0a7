// The report keys and file types without zod, so `ccp report download` can offer them as choices (and
// in --help) without loading the schemas.
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
