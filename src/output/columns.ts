import { DateOnly, RECORD_SCHEMAS, type RecordKind, Timestamp } from '../domain/index.js';

/** The columns a table shows when no --fields are given: what identifies a record and its state. */
export const TABLE_COLUMNS: Record<RecordKind, readonly string[]> = {
  edgeDevice: [
    'uuid',
    'edgeDeviceName',
    'serialNumber',
    'ipAdress',
    'port',
    'location',
    'isActive',
    'createdOn',
  ],
  code: ['uuid', 'codeIdentifier', 'clazz', 'value', 'shortDescription', 'isActive', 'createdOn'],
  codeType: ['uuid', 'codeTypeIdentifier', 'clazz', 'value', 'shortDescription', 'codes', 'isActive'],
  organization: ['uuid', 'orgName', 'orgAdmin', 'organizationUuid', 'isActive', 'isDemo', 'createdOn'],
  organizationOption: ['uuid', 'key', 'value', 'organizationUuid', 'isActive', 'updatedOn'],
  notification: ['uuid', 'type', 'createdBy', 'isActive', 'createdOn', 'notificationOptions'],
  notificationConfiguration: [
    'uuid',
    'notificationUuid',
    'organizationUuid',
    'roleUuid',
    'applyToSubOrganizaitons',
    'isActive',
    'isLinked',
  ],
  license: ['uuid', 'attributeName', 'serialNumber', 'value', 'createOn', 'updatedOn'],
  report: ['reportName', 'templateKey', 'fileType'],
};

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

interface Unwrappable {
  unwrap(): unknown;
}

function isWrapper(schema: unknown): schema is Unwrappable {
  const type = (schema as { def?: { type?: string } }).def?.type;
  return type === 'optional' || type === 'nullable';
}

const timestampCache = new Map<RecordKind, Set<string>>();

/** Top-level fields the schema declares as timestamps or dates (shown as relative times on a terminal). */
export function timestampFields(kind: RecordKind): Set<string> {
  let fields = timestampCache.get(kind);
  if (!fields) {
    fields = new Set();
    for (const [name, field] of Object.entries(RECORD_SCHEMAS[kind].shape)) {
      let schema: unknown = field;
      while (isWrapper(schema)) schema = schema.unwrap();
      if (schema === Timestamp || schema === DateOnly) fields.add(name);
    }
    timestampCache.set(kind, fields);
  }
  return fields;
}
