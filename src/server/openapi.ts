import { z } from 'zod';
import { MAX_BODY_BYTES, MAX_PAGE_SIZE, SERVICE_ERRORS } from '../domain/errors.js';
// Importing the domain registers every record schema (with its .meta({ id })) in zod's global registry.
import '../domain/index.js';
import type { Route } from './route.js';
import { API_ROUTES } from './routes/index.js';

const COMPONENT = '#/components/schemas/';
const ref = (id: string) => ({ $ref: `${COMPONENT}${id}` });

function schemaId(schema: z.ZodType | undefined): string | undefined {
  const id = schema ? z.globalRegistry.get(schema)?.id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** Every schema that has an id, as OpenAPI components referring to one another. */
function components(): Record<string, object> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: (id) => `${COMPONENT}${id}`,
  });
  const out: Record<string, object> = {};
  for (const id of Object.keys(schemas).sort()) {
    const { $schema: _s, $id: _i, ...rest } = schemas[id] as Record<string, unknown>;
    out[id] = rest;
  }
  return out;
}

function envelope(recordId: string | undefined, response: boolean): object {
  const properties: Record<string, object> = {
    data: { type: 'array', items: recordId ? ref(recordId) : { type: 'object' } },
    metadata: ref('Metadata'),
  };
  if (response) {
    properties.statusCode = {
      type: 'string',
      description: 'OK, or the error code of a failure sent with 200',
    };
    properties.reason = { type: 'string' };
  }
  return { type: 'object', properties, required: response ? ['data', 'statusCode'] : ['data'] };
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('ErrorEnvelope') } },
});

function operation(route: Route): object {
  const parameters: object[] = [];
  for (const seg of route.path.split('/')) {
    if (!seg.startsWith(':')) continue;
    const name = seg.slice(1);
    const schema =
      name === 'pageNo'
        ? { type: 'integer', minimum: 0, description: 'zero-based page number' }
        : name === 'action'
          ? { type: 'string', enum: ['activate', 'deactivate'] }
          : { type: 'string', format: 'uuid' };
    parameters.push({ name, in: 'path', required: true, schema });
  }
  const paged = route.path.includes(':pageNo');
  if (paged) {
    parameters.push({
      name: 'pageSize',
      in: 'query',
      required: true,
      schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
    });
  }
  parameters.push({
    name: 'time_zone',
    in: 'header',
    required: route.timeZoneRequired === true,
    description: 'IANA time-zone name timestamps are rendered in (UTC when absent)',
    schema: { type: 'string', examples: ['Asia/Kolkata'] },
  });

  const ownErrors = Object.values(SERVICE_ERRORS)
    .filter((e) => e.status === 200)
    .map((e) => `${e.code} ${e.reason}`);
  const ok: Record<string, unknown> = {
    description: `OK; failures the interface reports with HTTP 200 carry their code in statusCode (${ownErrors.join('; ')})`,
    content: { 'application/json': { schema: envelope(schemaId(route.doc?.response), true) } },
  };
  if (paged) {
    ok.headers = {
      'X-Total-Count': { description: 'records in the whole listing', schema: { type: 'integer' } },
    };
  }
  const op: Record<string, unknown> = {
    summary: route.doc?.summary ?? `${route.method} ${route.path}`,
    parameters,
    responses: {
      '200': ok,
      '400': errorResponse('CCP-HTTP-003 Request method not supported'),
      '401': errorResponse('UNAUTHORIZED: missing, unknown or revoked token'),
      '403': errorResponse("FORBIDDEN: outside the token's role or organization scope"),
      '404': errorResponse('NOT_FOUND'),
      '406': errorResponse(
        'CCP-BV-001: a page, header or body field failed validation (the reason names it)',
      ),
      '413': errorResponse(`PAYLOAD_TOO_LARGE: body over ${MAX_BODY_BYTES} bytes`),
    },
    security: [{ bearerAuth: [] }],
  };
  if (route.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: envelope(schemaId(route.doc?.request), false) } },
    };
  }
  return op;
}

/** OpenAPI 3.1 description of the interface, built from the routes and the domain schemas. */
export function openApiDocument(): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of API_ROUTES) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
  }
  paths['/openapi.json'] = {
    get: {
      summary: 'This document',
      security: [],
      responses: { '200': { description: 'OpenAPI 3.1 document', content: { 'application/json': {} } } },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Edge device, organization, code and notification service',
      version: '1.0.0',
      description:
        'The service interface as served by the ccp embedded server. Every body is an envelope {data, metadata}; ' +
        'responses add statusCode (OK on success) and, on failure, reason.',
    },
    servers: [{ url: 'http://127.0.0.1:8080' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      schemas: components(),
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'ccp_… token' } },
    },
  };
}
