// An answer read from an HTTP connection: its body's bytes, capped and checked for depth, then decoded when
// first asked. Shared by the two HTTP transports (transport.ts over undici, direct-http.ts over node:http).
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

/**
 * The body's bytes, or `tooLarge()` once it passes MAX_BODY_BYTES: leaving the loop destroys the body and
 * its connection, so nothing more is read. Hand-written rather than undici's maxResponseSize, which its
 * proxy agent does not pass to the client of an http:// target's requests.
 */
async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(): void },
  declared: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  if (declared > MAX_BODY_BYTES) {
    body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** The answer to a request to `url`: its body read whole now, decoded when first asked. */
export async function readAnswer(
  url: URL,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body: AsyncIterable<Buffer> & { destroy(): void },
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
