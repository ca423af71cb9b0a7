// One OpenAPI operation per route: its name, parameters, body, roles and exactly the answers it can give.
import { z } from 'zod';
import { requestEnvelope } from '../../domain/envelope.js';
import * as domain from '../../domain/index.js';
import {
  MAX_PAGE_SIZE,
  SERVICE_ERRORS,
  type ServiceErrorDef,
  type ServiceErrorName,
} from '../../domain/service-errors.js';
import type { Route, SchemaName } from '../route.js';
import { commonResponses, errorResponse, type OutsideSchema, okResponse } from './responses.js';
import { jsonSchema } from './schemas.js';

type Json = Record<string, unknown>;

export interface OperationDoc {
  /** As the CLI names the operation: `<resource><Verb>`. */
  operationId: string;
  /** The section-7 errors the operation sends with HTTP 200 (the route's `failure` is added). */
  failures: readonly ServiceErrorName[];
  /** When the operation answers 404 besides an unknown path. */
  notFound?: string;
  /** What else the operation refuses with 406, beyond its body's schema. */
  refuses?: string;
  /** The fewest records `data` must hold, where the operation checks it itself. */
  minItems?: number;
  /**
   * Fields of the request's records (`data[].<field>`) whose schema says what a valid request holds, while
   * the operation reads them with the record's own schema and answers a value outside the first but inside
   * the second (or none) with one of its own HTTP-200 failures, not a 406.
   */
  outside?: readonly { field: string; failure: ServiceErrorName }[];
}

/** What the routes do not say of themselves, by `METHOD path`; a route missing here fails the document. */
export const OPERATIONS: Record<string, OperationDoc> = {
  'PUT /license/:uuid/:action': {
    operationId: 'licenseAction',
    failures: [],
    notFound: 'a malformed or unknown license uuid, or an action other than `activate` or `deactivate`',
  },
  'POST /codes': {
    operationId: 'codeGet',
    failures: ['codeFetch'],
    refuses: 'missing or empty `data` (`CCP-BV-001 Data can not be Null or Empty`)',
    minItems: 1,
  },
  'GET /edgedevice/all/:pageNo': { operationId: 'edgeDeviceList', failures: [] },
  'POST /edgedevice/org/:orgUuid/user/:userUuid/add': {
    operationId: 'edgeDeviceAdd',
    failures: ['invalidUuid', 'edgeDeviceSave'],
  },
  'POST /edgedevice/push': {
    operationId: 'edgeDevicePush',
    failures: [],
    notFound: 'a record names an unknown edge device',
    refuses: 'a `flowJSON` that does not hold JSON',
  },
  'PUT /org/update': { operationId: 'orgUpdate', failures: ['invalidUuid'] },
  'GET /org/:orgUuid/org/:pageNo': { operationId: 'orgList', failures: ['invalidUuid'] },
  'POST /org/options/org/:orgUuid/add': { operationId: 'orgOptionsAdd', failures: ['invalidUuid'] },
  'GET /codeTypes/:pageNo': { operationId: 'codeTypeList', failures: ['codeTypeFetch'] },
  'POST /notification': { operationId: 'notificationSave', failures: [] },
  'PUT /notification': {
    operationId: 'notificationUpdate',
    failures: [],
    notFound: 'a record names an unknown notification',
  },
  'POST /notification/configure': {
    operationId: 'notificationConfigure',
    failures: [],
    notFound: 'a record names an unknown notification',
  },
  'POST /download': {
    operationId: 'reportDownload',
    failures: ['reportDownload'],
    outside: [
      { field: 'templateKey', failure: 'reportDownload' },
      { field: 'fileType', failure: 'reportDownload' },
    ],
  },
};

export const operationKey = (route: Route) => `${route.method} ${route.path}`;

/** A domain record schema by the name a route's `doc` gives. */
// biome-ignore lint/performance/noDynamicNamespaceImportAccess: the document is made of every record schema
const schemaNamed = (name: SchemaName): z.ZodType => domain[name];

function rolesSentence(route: Route): string {
  if (route.roles === 'public') return 'No token needed.';
  const roles = route.roles.join(', ');
  return route.roles.length === 3 ? `Roles: ${roles} (any valid token).` : `Roles: ${roles}.`;
}

/** The path's parameters, by name. */
const pathNames = (route: Route) =>
  route.path
    .split('/')
    .filter((seg) => seg.startsWith(':'))
    .map((seg) => seg.slice(1));

/**
 * The path uuids the operation checks itself, answering a malformed one with its own HTTP-200 CCP-HTTP-017
 * (decisions.md) rather than a 406 or a 404.
 */
const answeredUuids = (route: Route, op: OperationDoc) =>
  op.failures.includes('invalidUuid') ? pathNames(route).filter((name) => /Uuid$/.test(name)) : [];

/** What the operation answers with its own HTTP-200 failure although the schema refuses it. */
function outsideSchema(route: Route, op: OperationDoc): OutsideSchema[] {
  const uuid = SERVICE_ERRORS.invalidUuid.code;
  const record = route.doc?.request ? schemaNamed(route.doc.request) : undefined;
  return [
    ...answeredUuids(route, op).map((name) => ({
      in: 'path' as const,
      name,
      statusCode: uuid,
      what: 'not a uuid',
      reads: { type: 'string' },
    })),
    ...(op.outside ?? []).map(({ field, failure }) => {
      const read = record instanceof z.ZodObject ? (record.shape[field] as z.ZodType | undefined) : undefined;
      if (!read) throw new Error(`openapi: ${operationKey(route)} has no record field ${field}`);
      return {
        in: 'body' as const,
        name: `data[].${field}`,
        statusCode: SERVICE_ERRORS[failure].code,
        what: 'missing, or outside its values',
        reads: jsonSchema(read),
      };
    }),
  ];
}

function parameters(route: Route, op: OperationDoc): Json[] {
  const out: Json[] = [];
  const answered = answeredUuids(route, op);
  for (const name of pathNames(route)) {
    const schema =
      name === 'pageNo'
        ? { type: 'integer', minimum: 0 }
        : name === 'action'
          ? { type: 'string', enum: ['activate', 'deactivate'] }
          : { type: 'string', format: 'uuid' };
    const description =
      name === 'pageNo'
        ? 'Zero-based page number'
        : answered.includes(name)
          ? `${name === 'orgUuid' ? 'Not a uuid, or no such organization' : 'Not a uuid'}: answered with HTTP 200 and \`CCP-HTTP-017\``
          : undefined;
    out.push({ name, in: 'path', required: true, ...(description ? { description } : {}), schema });
  }
  if (route.path.includes(':pageNo')) {
    out.push({
      name: 'pageSize',
      in: 'query',
      required: true,
      description: 'Records per page',
      schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
    });
  }
  out.push({
    name: 'time_zone',
    in: 'header',
    required: route.timeZoneRequired === true,
    description: route.timeZoneRequired
      ? 'IANA time-zone name the timestamps of the answer are rendered in; required (406 when missing or unknown)'
      : 'IANA time-zone name the timestamps of the answer are rendered in (UTC when absent; 406 when unknown)',
    schema: { type: 'string', examples: ['Asia/Kolkata'] },
  });
  return out;
}

/**
 * The request envelope: the route's own body schema, so its limits are the server's, holding the records
 * `doc.request` declares (the form the server reads: org update's uuid is open text, as a missing or malformed
 * one is the operation's own 200 CCP-HTTP-017).
 */
function requestBody(route: Route, op: OperationDoc, body: z.ZodType | undefined): Json | undefined {
  if (!route.body || !body) return undefined;
  const record = route.doc?.request ? schemaNamed(route.doc.request) : undefined;
  const isEnvelope = body instanceof z.ZodObject && 'data' in body.shape;
  const source = isEnvelope ? body : record ? requestEnvelope(record) : undefined;
  const schema = source ? jsonSchema(source) : { type: 'object' };
  const data = (schema.properties as Record<string, Json> | undefined)?.data;
  if (data && record) data.items = jsonSchema(record);
  if (data && op.minItems !== undefined) data.minItems = op.minItems;
  return {
    required: true,
    description: 'A JSON envelope, sent as `Content-Type: application/json` (any charset parameter).',
    content: { 'application/json': { schema } },
  };
}

function notAcceptable(route: Route, op: OperationDoc): Json {
  const what: string[] = [];
  if (route.path.includes(':pageNo')) what.push('a `pageNo` or `pageSize` out of range');
  what.push(route.timeZoneRequired ? 'a missing or unknown `time_zone`' : 'an unknown `time_zone`');
  if (route.body) {
    what.push(
      'a body sent with a content type other than `application/json` (the reason names `content-type`)',
      'a body that is not JSON or not an envelope, or a record that fails its schema (the reason names the field path)',
    );
  }
  if (op.refuses) what.push(op.refuses);
  const defs: ServiceErrorDef[] = [SERVICE_ERRORS.validation];
  if (route.path.includes(':pageNo'))
    defs.push(SERVICE_ERRORS.pageNo, SERVICE_ERRORS.pageSize, SERVICE_ERRORS.pageSizeMax);
  return errorResponse(`Refused: ${what.join('; ')}`, defs);
}

/** The operation of `route`, whose request body (if it takes one) `body` is: routes/bodies.ts, bodySchema. */
export function operation(route: Route, body?: z.ZodType): Json {
  const op = OPERATIONS[operationKey(route)];
  if (!op) throw new Error(`openapi: no operation entry for ${operationKey(route)}`);
  const failures = [...new Set([...op.failures, ...(route.failure ? [route.failure] : [])])].filter(
    (n) => SERVICE_ERRORS[n].status === 200,
  );
  const record = route.doc?.response ? jsonSchema(schemaNamed(route.doc.response)) : { type: 'object' };
  const paged = route.path.includes(':pageNo');
  const total = paged
    ? {
        'X-Total-Count': {
          description: 'Records in the whole listing',
          schema: { type: 'integer', minimum: 0 },
        },
      }
    : undefined;
  const roles = route.roles === 'public' ? [] : [...route.roles];
  const notFound = op.notFound ? `The path is unknown, or ${op.notFound}` : 'The path is unknown';
  const responses: Json = {
    '200': okResponse(record, failures, outsideSchema(route, op), total),
    ...commonResponses({ body: route.body !== undefined, internal: route.failure === undefined }),
    '403': errorResponse(
      `The token's role is not one of ${roles.join(', ')}, or a named resource lies outside its organization's scope`,
      [SERVICE_ERRORS.forbidden],
    ),
    '404': errorResponse(notFound, [SERVICE_ERRORS.notFound]),
    '406': notAcceptable(route, op),
  };
  const requestSchema = requestBody(route, op, body);
  return {
    operationId: op.operationId,
    summary: route.doc?.summary ?? `${route.method} ${route.path}`,
    description: rolesSentence(route),
    'x-roles': roles,
    parameters: parameters(route, op),
    ...(requestSchema ? { requestBody: requestSchema } : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
    security: [{ bearerAuth: [] }],
  };
}
