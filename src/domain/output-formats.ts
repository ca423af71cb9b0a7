/**
 * The output formats, in one place: `--output` choices, the profile's `output` key and shell completion all
 * read this list. Kept free of imports so `--help` and the config modules load nothing with it.
 */
export const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv', 'yaml', 'name'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Formats a JMESPath --query can shape: the query's result is JSON, not rows. */
export const QUERY_FORMATS: readonly OutputFormat[] = ['json', 'ndjson', 'yaml'];

/** Formats that are JSON text (json, ndjson): their errors go to stderr as JSON objects too. */
export function isJsonFormat(format: string | undefined): boolean {
  return format === 'json' || format === 'ndjson';
}

/**
 * Whether records are written as the service wrote them (record-lines.ts): NDJSON of whole records, neither
 * shaped (--query, --fields) nor their timestamps rewritten.
 */
export function passesThrough(o: {
  format: OutputFormat;
  query?: string;
  fields?: readonly string[];
  timestamps?: string;
}): boolean {
  return o.format === 'ndjson' && !o.query && !o.fields && o.timestamps !== 'iso';
}
