export { checkPath, FieldsError, resolveFields } from './fields.js';
export { leafValues, valuesAt } from './paths.js';
export { checkQuery, QueryError } from './query.js';
export { relativeTime } from './relative-time.js';
export type { Column, OutputFormat, OutputOptions, RecordWriter, TimestampStyle, View } from './types.js';
export { OUTPUT_FORMATS } from './types.js';
export { flatView, treeView, viewOf } from './views.js';
export { createRecordWriter } from './writer.js';
