// The answers of the OpenAPI document: the success envelope, and one error envelope per status whose
// statusCode lists exactly the codes the operation can send with that status.
import {
  MAX_BODY_BYTES,
  SERVICE_ERRORS,
  type ServiceErrorDef,
  type ServiceErrorName,
} from '../../domain/service-errors.js';
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

/**
 * A request value outside its schema that the operation answers with one of its own HTTP-200 failures (a
 * report's unknown `templateKey`, a path's malformed uuid), not with a 406: listed on the 200 answer, in
 * words and as `x-outside-schema`, so that the schema can say what a valid request is.
 */
export interface OutsideSchema {
  in: 'path' | 'body';
  /** A path parameter's name, or a body field's path (`data[].templateKey`). */
  name: string;
  statusCode: string;
  /** What is outside, in words (`not a uuid`). */
  what: string;
  /** The schema the operation reads the value with: a value outside this one too is refused as usual. */
  reads: Json;
}

/** The HTTP-200 answer: the success envelope, or one of the operation's own failures sent with 200. */
export function okResponse(
  record: Json,
  failures: readonly ServiceErrorName[],
  outside: readonly OutsideSchema[],
  headers?: Json,
): Json {
  const success = successEnvelope(record);
  const defs = failures.map((n) => SERVICE_ERRORS[n]);
  const schema = defs.length ? { oneOf: [success, errorEnvelope(defs)] } : success;
  let description = defs.length
    ? `Success (\`statusCode: "OK"\`), or a failure the interface sends with HTTP 200 (${listed(defs)}): ` +
      'a client must treat any statusCode other than OK as a failure.'
    : 'Success (`statusCode: "OK"`).';
  if (outside.length) {
    const each = outside.map((o) => `${o.in} \`${o.name}\` ${o.what}: \`${o.statusCode}\``).join('; ');
    description +=
      ` A value outside the request's schema gets that failure here, not a 406, for: ${each}` +
      ' (`x-outside-schema`, with the schema the operation reads each value with: outside that too, a 406).';
  }
  return {
    description,
    ...(headers ? { headers } : {}),
    ...(outside.length
      ? {
          'x-outside-schema': outside.map(({ what: _what, ...entry }) => entry),
        }
      : {}),
    content: json(schema),
  };
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
