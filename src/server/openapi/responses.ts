// The answers of the OpenAPI document: the success envelope, and one error envelope per status whose
// statusCode lists exactly the codes the operation can send with that status.
import {
  MAX_BODY_BYTES,
  SERVICE_ERRORS,
  type ServiceErrorDef,
  type ServiceErrorName,
} from '../../domain/errors.js';
import { INTERNAL_ERROR, PROTOCOL_ERRORS } from '../errors.js';
import { ref } from './schemas.js';

type Json = Record<string, unknown>;

const json = (schema: Json) => ({ 'application/json': { schema } });

/** `{data: [record...], metadata, statusCode: "OK"}`. */
export function successEnvelope(record: Json): Json {
  return {
    type: 'object',
    title: 'Success',
    properties: {
      data: { type: 'array', items: record },
      metadata: ref('ResponseMetadata'),
      statusCode: { type: 'string', const: 'OK' },
    },
    required: ['data', 'metadata', 'statusCode'],
  };
}

/** `{data: [], metadata, statusCode: one of codes, reason: "<CODE> <text>[: detail]"}`. */
export function errorEnvelope(defs: readonly ServiceErrorDef[]): Json {
  const codes = [...new Set(defs.map((d) => d.code))];
  return {
    type: 'object',
    title: 'Failure',
    properties: {
      data: { type: 'array', maxItems: 0 },
      metadata: ref('ResponseMetadata'),
      statusCode: { type: 'string', enum: codes },
      reason: {
        type: 'string',
        description: 'The code, the interface\'s text, and for validation errors ": <field path>: <message>"',
        pattern: `^(${codes.join('|')}) `,
      },
    },
    required: ['data', 'metadata', 'statusCode', 'reason'],
  };
}

const listed = (defs: readonly ServiceErrorDef[]) =>
  [...new Set(defs.map((d) => `\`${d.code} ${d.reason}\``))].join('; ');

/** An answer with one or more error codes, their texts listed after `what`. */
export function errorResponse(what: string, defs: readonly ServiceErrorDef[], extra: Json = {}): Json {
  return { description: `${what}: ${listed(defs)}.`, ...extra, content: json(errorEnvelope(defs)) };
}

/** The HTTP-200 answer: the success envelope, or one of the operation's own failures sent with 200. */
export function okResponse(record: Json, failures: readonly ServiceErrorName[], headers?: Json): Json {
  const success = successEnvelope(record);
  const defs = failures.map((n) => SERVICE_ERRORS[n]);
  const schema = defs.length ? { oneOf: [success, errorEnvelope(defs)] } : success;
  const description = defs.length
    ? `Success (\`statusCode: "OK"\`), or a failure the interface sends with HTTP 200 (${listed(defs)}): ` +
      'a client must treat any statusCode other than OK as a failure.'
    : 'Success (`statusCode: "OK"`).';
  return { description, ...(headers ? { headers } : {}), content: json(schema) };
}

export const ALLOW_HEADER = {
  Allow: {
    description: 'On CCP-HTTP-003: the methods the path has, e.g. `POST, PUT`',
    schema: { type: 'string', examples: ['POST, PUT'] },
  },
};

/** Answers every operation can give, before any handler runs or when it fails unexpectedly. */
export function commonResponses(opts: { body: boolean; internal: boolean }): Record<string, Json> {
  const out: Record<string, Json> = {
    '400': errorResponse(
      'A method the path does not have (the `Allow` header lists those it has), or a request the HTTP parser could not read',
      [SERVICE_ERRORS.methodNotSupported, PROTOCOL_ERRORS.badRequest],
      { headers: ALLOW_HEADER },
    ),
    '401': errorResponse('No `Authorization: Bearer` token, or an unknown or revoked one', [
      SERVICE_ERRORS.unauthorized,
    ]),
    '408': errorResponse('The headers took over 10 s, or the whole request over 30 s, to arrive', [
      PROTOCOL_ERRORS.timeout,
    ]),
    '414': errorResponse('The request line is too long', [PROTOCOL_ERRORS.uriTooLong]),
    '431': errorResponse('The request headers are too large', [PROTOCOL_ERRORS.headersTooLarge]),
  };
  if (opts.body) {
    out['413'] = errorResponse(`A body over ${MAX_BODY_BYTES} bytes`, [SERVICE_ERRORS.payloadTooLarge]);
  }
  if (opts.internal) out['500'] = errorResponse('An unexpected failure', [INTERNAL_ERROR]);
  return out;
}
