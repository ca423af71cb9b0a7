import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { waitForDrain } from '../domain/drain.js';
import { MAX_BODY_BYTES } from '../domain/service-errors.js';
import { ServiceError } from './errors.js';
import { jsonRuns } from './json-runs.js';

/**
 * One request as the service sees it, whether node:http read it from a socket (createApp) or the embedded
 * default handed it over in process (in-process.ts): the same handler answers both.
 */
export interface ServiceRequest {
  method: string;
  /** Path and query, as on the request line. */
  url: string;
  /** Names in lower case, as node:http gives them. */
  headers: IncomingHttpHeaders;
  /** The body as UTF-8 text; rejects with the 413 or the 406 of readBody. */
  readBody(): Promise<string>;
  /**
   * Where the caller has it (in process), the value the body is the JSON text of: read instead of the text,
   * with readBody's 413. JSON.stringify's text is always UTF-8, so there is no 406.
   */
  readJson?(): Promise<unknown>;
  /** Aborts when the caller gives up (its connection closed; in process, Ctrl-C or a timeout): long work stops. */
  signal?: AbortSignal;
}

export interface ServiceResponse {
  status: number;
  headers: Record<string, string | number>;
  body: string | Buffer;
}

export type Service = (req: ServiceRequest) => Promise<ServiceResponse>;

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A JSON answer, encoded when its body or headers are first read: node:http reads them at once; a caller in
 * process (in-process.ts) may take the value instead and never pay for the text it would only parse back.
 */
export class JsonResponse implements ServiceResponse {
  #text: string | undefined;
  #bytes: number | undefined;
  constructor(
    readonly status: number,
    /** The headers besides content-type and content-length. */
    readonly extraHeaders: Record<string, string>,
    readonly value: unknown,
    /** Whether `value` may be handed over as it is: made for this answer alone, and JSON's own kind of value. */
    readonly handOver: boolean,
  ) {}

  // Text, not a Buffer: node:http writes a string body in one write with its headers, encoding it straight
  // into the socket's buffer; a Buffer would be encoded once more into memory of its own and then written
  // beside the headers (writev).
  get body(): string {
    this.#text ??= this.#chunks?.join('') ?? JSON.stringify(this.value);
    return this.#text;
  }

  /** The body's text in pieces under 64 KB when it is large (json-runs.ts), else undefined. */
  get chunks(): string[] | undefined {
    if (this.#chunks === undefined && this.#text === undefined) this.#chunks = jsonRuns(this.value) ?? null;
    return this.#chunks ?? undefined;
  }
  #chunks: string[] | null | undefined;

  /** The body's length in bytes. */
  get bytes(): number {
    const chunks = this.#text === undefined ? this.chunks : undefined;
    this.#bytes ??= chunks
      ? chunks.reduce((n, c) => n + Buffer.byteLength(c), 0)
      : Buffer.byteLength(this.body);
    return this.#bytes;
  }

  get headers(): Record<string, string | number> {
    return { 'content-type': JSON_TYPE, 'content-length': this.bytes, ...this.extraHeaders };
  }
}

// Past the limit the rest of an upload is read and dropped (never kept) so the client sees the 413,
// up to this much more; a client sending even more than that has its connection cut.
const DISCARD_LIMIT = 8 * MAX_BODY_BYTES;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

const tooLarge = () => new ServiceError('payloadTooLarge', undefined, { connection: 'close' });

/** The 413 of a body of `bytes` past MAX_BODY_BYTES. */
export function checkBodySize(bytes: number): void {
  if (bytes > MAX_BODY_BYTES) throw tooLarge();
}

/** A whole body's text: 413 past MAX_BODY_BYTES, 406 when it is not UTF-8 (never altered into U+FFFD). */
export function bodyText(bytes: Buffer): string {
  checkBodySize(bytes.length);
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new ServiceError('validation', 'body: not valid UTF-8');
  }
}

/** Reads the body as UTF-8 (406 when it is not), keeping at most MAX_BODY_BYTES; throws 413 beyond. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES + DISCARD_LIMIT) {
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        over = true;
        chunks.length = 0;
        if (size > MAX_BODY_BYTES + DISCARD_LIMIT) {
          req.pause();
          reject(tooLarge());
        }
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (over) reject(tooLarge());
      else {
        try {
          resolve(bodyText(Buffer.concat(chunks)));
        } catch (err) {
          reject(err);
        }
      }
    });
    req.on('error', reject);
  });
}

export function jsonResponse(status: number, headers: Record<string, string>, body: unknown): JsonResponse {
  return new JsonResponse(status, headers, body, false);
}

/** An envelope answer, built for this request alone: a caller in process may take its value as it is. */
export function envelopeResponse(
  status: number,
  headers: Record<string, string>,
  body: unknown,
): JsonResponse {
  return new JsonResponse(status, headers, body, true);
}

/** The service as a node:http request handler. */
export function nodeHandler(service: Service): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    // A client that hangs up before its answer needs no more work done for it (a report's rendering).
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    const r = await service({
      method: req.method ?? '',
      url: req.url ?? '/',
      headers: req.headers,
      readBody: () => readBody(req),
      signal: gone.signal,
    });
    res.writeHead(r.status, r.headers);
    const chunks = r instanceof JsonResponse ? r.chunks : undefined;
    if (!chunks) return void res.end(r.body);
    // A piece at a time: while a reader drains a large answer, the other requests are served.
    for (const chunk of chunks) {
      if (res.destroyed) return;
      // A reader gone (closed or failed) ends the loop at the check above.
      if (!res.write(chunk)) await waitForDrain(res).catch(() => undefined);
    }
    res.end();
  };
}
