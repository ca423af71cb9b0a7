// An answer read from an HTTP connection: its body's bytes, capped and checked for depth, then decoded when
// first asked. Shared by the two HTTP transports (transport.ts over undici, direct-http.ts over node:http).
import type { Readable } from 'node:stream';
import { bytesTooDeepAt, MAX_DEPTH, valueTooDeep } from '../domain/depth.js';
import { pageLines, parseEnvelope } from './body-json.js';
import { headerMap, type RawResponse } from './exchange.js';
import { ApiError } from './request-errors.js';

/**
 * The most ccp reads of one answer: a listing page of 1,000 records is some MB; the largest answer ccp
 * expects is a report download, its file in base64 (a 1,000,000-device CSV or PDF report of the twin is
 * about 160 MB so). Past it a service is sending what no command can use (one JavaScript string holds
 * 512 MiB at most) and would only fill memory.
 */
export const MAX_BODY_BYTES = 256 * 1024 ** 2;

/** The most bytes set aside for an answer from its Content-Length alone. */
const PREALLOCATED = 16 * 1024 ** 2;

/**
 * The body's bytes, or `tooLarge()` once it passes MAX_BODY_BYTES: the body (and its connection) is then
 * destroyed, so nothing more is read. Hand-written rather than undici's maxResponseSize, which its proxy
 * agent does not pass to the client of an http:// target's requests. Read by its 'data' events, not as an
 * async iterator, whose promises a chunk were a tenth of an export's client work; it ends, or fails, as
 * stream.finished says, as the iterator did.
 */
function readCapped(body: Readable, declared: number, tooLarge: () => Error): Promise<Buffer> {
  if (declared > MAX_BODY_BYTES) {
    body.destroy();
    return Promise.reject(tooLarge());
  }
  const { finished } = process.getBuiltinModule('node:stream');
  // With its length told, the body is copied into one buffer as it comes: a listing page was its chunks
  // and then their concatenation, both held at once, a fresh copy of every page. Only a length a page may
  // have is trusted so far before its bytes come.
  let whole =
    Number.isSafeInteger(declared) && declared > 0 && declared <= PREALLOCATED
      ? Buffer.allocUnsafeSlow(declared)
      : undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise((resolve, reject) => {
    const take = (chunk: Buffer) => {
      if (size + chunk.length > MAX_BODY_BYTES) {
        body.off('data', take);
        reject(tooLarge());
        body.destroy();
        return;
      }
      if (whole && size + chunk.length <= whole.length) chunk.copy(whole, size);
      else {
        // More than it said (no HTTP parser lets that through; kept for any body): gathered as chunks.
        if (whole) chunks.push(whole.subarray(0, size));
        whole = undefined;
        chunks.push(chunk);
      }
      size += chunk.length;
    };
    body.on('data', take);
    finished(body, (err) => {
      if (err) reject(err);
      else resolve(whole ? whole.subarray(0, size) : Buffer.concat(chunks, size));
    });
  });
}

/** The answer to a request to `url`: its body read whole now, decoded when first asked. */
export async function readAnswer(
  url: URL,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body: Readable,
): Promise<RawResponse> {
  // Read whole now (the request's time limit covers it), decoded when first asked: a listing holds the
  // pages it fetched ahead as bytes, off the JavaScript heap, until their turn comes.
  const tooLarge = () =>
    new ApiError({
      code: 'TOO_LARGE',
      reason: `${url.origin} answered with more than ${MAX_BODY_BYTES / 1024 ** 2} MiB, more than ccp reads of one answer`,
      httpStatus: status,
    });
  const bytes = await readCapped(body, Number(headers['content-length']), tooLarge);
  const tooDeep = () =>
    new ApiError({
      code: 'TOO_DEEP',
      reason: `${url.origin} answered with JSON nested deeper than ${MAX_DEPTH} levels`,
      httpStatus: status,
    });
  let text: string | undefined;
  let json: { value: unknown } | undefined;
  let taken = false;
  let deep: boolean | undefined;
  // The bytes once lines took them over are no longer the body as it came. Their depth is read here, where
  // every answer from a remote service passes, before anything parses or renders them.
  const bytesOf = () => {
    if (taken) throw new Error('the body was taken over as lines');
    deep ??= bytesTooDeepAt(bytes) >= 0;
    if (deep) throw tooDeep();
    return bytes;
  };
  return {
    status,
    headers: headerMap(headers),
    get text() {
      text ??= bytesOf().toString('utf8');
      return text;
    },
    get json() {
      json ??= { value: parseEnvelope(bytesOf()) };
      return json.value;
    },
    // No scan of the depth first (an export read every byte twice): pageLines refuses records nested
    // deeper than its own limit, far under MAX_DEPTH, and the body is then read by `json`, which scans it.
    // What lies around the records is walked as the value it parsed to.
    lines: () => {
      if (taken) throw new Error('the body was taken over as lines');
      const lines = pageLines(bytes);
      taken = lines !== undefined;
      if (lines && valueTooDeep(lines.envelope)) throw tooDeep();
      return lines;
    },
  };
}
