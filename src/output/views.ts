import { RECORD_SCHEMAS, type RecordKind } from '../domain/index.js';
import { type FieldNode, fieldTree, leafColumns, nodeAt } from './schema-tree.js';
import type { View } from './types.js';

/**
 * A table's default columns per record kind, in order, each with its priority: 0 is never dropped nor cut
 * (what identifies a record: its uuid, serial number or key); on a narrow terminal the highest numbers go
 * first: yes/no columns and timestamps (7 and up) before anything else. Free text marked `cut` (a name, a location, a description) is cut with `…` before it is dropped, and
 * a name of priority 0 is dropped only when even cut it leaves no room for the identifiers.
 */
export const EARLY_PRIORITY = 7;

const TABLE_COLUMNS: Record<RecordKind, [string, number, 'cut'?][]> = {
  edgeDevice: [
    ['uuid', 0],
    ['edgeDeviceName', 0, 'cut'],
    ['serialNumber', 0],
    ['ipAdress', 3],
    ['port', 5],
    ['location', 4, 'cut'],
    ['isActive', 7],
    ['createdOn', 8],
  ],
  code: [
    ['uuid', 0],
    ['codeIdentifier', 0],
    ['clazz', 3],
    ['value', 1],
    ['shortDescription', 4, 'cut'],
    ['isActive', 7],
    ['createdOn', 8],
  ],
  codeType: [
    ['uuid', 0],
    ['codeTypeIdentifier', 0],
    ['clazz', 3],
    ['value', 1],
    ['shortDescription', 4, 'cut'],
    ['codes', 2],
    ['isActive', 7],
  ],
  organization: [
    ['uuid', 0],
    ['orgName', 0, 'cut'],
    ['orgAdmin', 2, 'cut'],
    ['organizationUuid', 3],
    ['isActive', 7],
    ['isDemo', 8],
    ['createdOn', 9],
  ],
  organizationOption: [
    ['uuid', 0],
    ['key', 0],
    ['value', 1],
    ['organizationUuid', 3],
    ['isActive', 7],
    ['updatedOn', 8],
  ],
  notification: [
    ['uuid', 0],
    ['type', 0],
    ['createdBy', 2],
    ['isActive', 7],
    ['createdOn', 8],
    ['notificationOptions', 4],
  ],
  notificationConfiguration: [
    ['uuid', 0],
    ['notificationUuid', 0],
    ['organizationUuid', 1],
    ['roleUuid', 2],
    ['applyToSubOrganizaitons', 7],
    ['isActive', 8],
    ['isLinked', 9],
  ],
  // What support staff hold and ask about (cli.md, "The first hour"). Key, serial number and uuid each
  // identify a license and stay while status and days left can go; where the three alone overflow (85
  // columns), the uuid, the rightmost, goes, and status and days left come back beside the key.
  license: [
    ['licenseDetails.license.licenseKey', 0],
    ['serialNumber', 0],
    ['licenseDetails.license.status', 1],
    ['licenseDetails.remainingDays', 2],
    ['uuid', 0],
  ],
  report: [
    ['reportName', 0],
    ['templateKey', 1],
    ['fileType', 2],
  ],
};

/**
 * The flags' names of `add` and `update` (and the words a person says) for the fields they set, accepted
 * wherever a field is named: `--fields serial,ip`, `--where name~gate`, `--sort-by port`.
 */
const ALIASES: Partial<Record<RecordKind, Record<string, string>>> = {
  edgeDevice: {
    name: 'edgeDeviceName',
    serial: 'serialNumber',
    ip: 'ipAdress',
    ipAddress: 'ipAdress',
    description: 'shortDescription',
    longDescription: 'longDescription',
    devices: 'noOfdevices',
    active: 'isActive',
    disabled: 'isDisabled',
    org: 'orgUUID',
    user: 'userUUID',
    flows: 'edgeFlows',
  },
  organization: {
    name: 'orgName',
    admin: 'orgAdmin',
    demo: 'isDemo',
    active: 'isActive',
    parent: 'organizationUuid',
    city: 'orgAddress.city',
    country: 'orgAddress.country',
    state: 'orgAddress.state',
    email: 'orgAddress.orgEmail',
    mobile: 'orgAddress.orgMobile',
    street: 'orgAddress.streetAddress',
  },
  code: { identifier: 'codeIdentifier', description: 'shortDescription', active: 'isActive' },
  codeType: { identifier: 'codeTypeIdentifier', description: 'shortDescription', active: 'isActive' },
  license: {
    serial: 'serialNumber',
    key: 'attributeName',
    status: 'licenseDetails.license.status',
    days: 'licenseDetails.remainingDays',
  },
};

const NOUNS: Record<RecordKind, string> = {
  edgeDevice: 'edge devices',
  code: 'codes',
  codeType: 'code types',
  organization: 'organizations',
  organizationOption: 'organization options',
  notification: 'notifications',
  notificationConfiguration: 'notification configurations',
  license: 'licenses',
  report: 'reports',
};

/** A view of any record tree: its leaf columns, and paths checked against the tree. */
export function treeView(
  tree: FieldNode,
  table: View['table'],
  extra: { name?: string; noun?: string; aliases?: Record<string, string> } = {},
): View {
  return {
    columns: leafColumns(tree),
    table,
    hasPath: (path) => path !== '' && nodeAt(tree, path) !== undefined,
    columnsAt(path, openLists) {
      const node = nodeAt(tree, path);
      return node ? leafColumns(node, path, openLists) : [{ path, type: 'text' }];
    },
    name: extra.name ?? 'uuid',
    noun: extra.noun,
    aliases: extra.aliases,
  };
}

const views = new Map<RecordKind, View>();

/** The view of a record kind, read from its domain schema once. */
export function viewOf(kind: RecordKind): View {
  let view = views.get(kind);
  if (!view) {
    const table = TABLE_COLUMNS[kind].map(([path, priority, cut]) => ({
      path,
      priority,
      cut: cut === 'cut',
    }));
    const name = kind === 'report' ? 'reportName' : 'uuid';
    view = treeView(fieldTree(RECORD_SCHEMAS[kind]), table, {
      name,
      noun: NOUNS[kind],
      aliases: ALIASES[kind],
    });
    views.set(kind, view);
  }
  return view;
}

/**
 * A view of flat rows that no schema describes (`config list`): their fields in order, the table's
 * columns (none dropped), and the field `-o name` prints.
 */
export function flatView(
  fields: readonly string[],
  extra: { table?: readonly string[]; name: string },
): View {
  const known = new Set(fields);
  return {
    columns: fields.map((path) => ({ path, type: 'text' })),
    table: (extra.table ?? fields).map((path) => ({ path, priority: 0 })),
    hasPath: (path) => known.has(path),
    columnsAt: (path) => [{ path, type: 'text' }],
    name: extra.name,
  };
}
