import type { InProcessAnswer, InProcessRequest } from '../domain/in-process.js';
import { jsonValueBytesAtMost } from '../domain/json-bytes.js';
import { MAX_BODY_BYTES } from '../domain/service-errors.js';
import { type AppOptions, createService } from './app.js';
import { errorResponse, headerOverflow, ServiceError } from './errors.js';
import {
  bodyText,
  checkBodySize,
  JSON_TYPE,
  JsonResponse,
  jsonResponse,
  type ServiceResponse,
} from './http.js';

export type { InProcessAnswer, InProcessRequest };

export type InProcessService = (req: InProcessRequest) => Promise<InProcessAnswer>;

// A command's requests are far below any header limit node:http runs with (16 KiB by default): node:http, and
// the limit it was given (--max-http-header-size), load only for a request past this.
const SURELY_WITHIN = 1024;

function answer(r: ServiceResponse): InProcessAnswer {
  if (r instanceof JsonResponse && r.handOver) return new HandedOver(r);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) headers[k.toLowerCase()] = String(v);
  return { status: r.status, headers, text: typeof r.body === 'string' ? r.body : r.body.toString('utf8') };
}

// The answer each handed-over answer's headers belong to, for the getters below. A getter made per answer (a
// closure) would sit in the hidden class V8 gives each such object, in old space: every page of a long
// listing would then stay reachable, and be promoted, until the next full collection (an export's peak
// memory grew by a fifth). One getter for all, reaching the answer through a WeakMap, holds nothing.
const answerOf = new WeakMap<object, JsonResponse>();

function contentLength(this: object): string {
  return String(answerOf.get(this)!.bytes);
}

// The same for a request's content-length, made when first read: one getter for all, as above.
const lengthOfHeaders = new WeakMap<object, () => number>();

function requestLength(this: object): string {
  return String(lengthOfHeaders.get(this)!());
}

/** An envelope answer as its value, with the text and content-length the wire would carry made only if read. */
class HandedOver implements InProcessAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly json: unknown;
  readonly #response: JsonResponse;

  constructor(r: JsonResponse) {
    this.#response = r;
    this.status = r.status;
    this.json = r.value;
    // In node:http's order: content-type, content-length, then the route's own.
    const headers: Record<string, string> = { 'content-type': JSON_TYPE };
    Object.defineProperty(headers, 'content-length', {
      enumerable: true,
      configurable: true,
      get: contentLength,
    });
    for (const [k, v] of Object.entries(r.extraHeaders)) headers[k.toLowerCase()] = v;
    answerOf.set(headers, r);
    this.headers = headers;
  }

  get text(): string {
    return this.#response.body;
  }
}

/**
 * The service called in process (the embedded default): the handler node:http runs, without a socket or a
 * second HTTP parser on the way, and with node:http's limits on what reaches it: request line and headers
 * within the parser's maxHeaderSize (414 or 431 past it, as serve.ts answers), the body within 1 MiB (413)
 * and UTF-8 (406).
 */
export function inProcessService(opts: AppOptions): InProcessService {
  const service = createService(opts);
  return async (req) => {
    const headers: Record<string, string> = {};
    // What the parser counts against maxHeaderSize: the request target, each header's name and value.
    let size = req.url.length;
    for (const [k, v] of Object.entries(req.headers)) {
      headers[k.toLowerCase()] = v;
      size += k.length + v.length;
    }
    const { json } = req;
    // A value made only of JSON's own values whose text is bounded within the limit is taken as it is: its
    // text is never made, unless something reads the body or its length.
    const bound = json === undefined ? -1 : jsonValueBytesAtMost(json);
    const handed = bound >= 0;
    const surelyWithin = handed && bound <= MAX_BODY_BYTES;
    let length: number | undefined;
    const lengthOf = () => (length ??= req.body === undefined ? 0 : Buffer.byteLength(req.body, 'utf8'));
    if (surelyWithin) {
      Object.defineProperty(headers, 'content-length', {
        enumerable: true,
        configurable: true,
        get: requestLength,
      });
      lengthOfHeaders.set(headers, lengthOf);
    } else if (req.body !== undefined) headers['content-length'] = String(lengthOf());
    if (size >= SURELY_WITHIN && size >= (await import('node:http')).maxHeaderSize) {
      const lineLength = `${req.method} ${req.url} HTTP/1.1`.length;
      const r = errorResponse(new ServiceError(headerOverflow(lineLength)), {
        fileCodeUuid: '',
        orgUuid: '',
        userUuid: '',
      });
      return answer(jsonResponse(r.status, { connection: 'close' }, r.body));
    }
    const r = await service({
      method: req.method,
      url: req.url,
      headers,
      readBody: async () => bodyText(Buffer.from(req.body ?? '', 'utf8')),
      ...(req.signal ? { signal: req.signal } : {}),
      // The text would be parsed back into this very value: the service takes the value.
      ...(handed
        ? {
            readJson: async () => {
              if (!surelyWithin) checkBodySize(lengthOf());
              return json;
            },
          }
        : {}),
    });
    return answer(r);
  };
}
