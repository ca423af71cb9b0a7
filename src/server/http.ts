import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_BODY_BYTES } from '../domain/errors.js';
import { ServiceError } from './errors.js';

// Past the limit the rest of an upload is read and dropped (never kept) so the client sees the 413,
// up to this much more; a client sending even more than that has its connection cut.
const DISCARD_LIMIT = 8 * MAX_BODY_BYTES;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Reads the body as UTF-8 (406 when it is not), keeping at most MAX_BODY_BYTES; throws 413 beyond. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES + DISCARD_LIMIT) {
      reject(new ServiceError('payloadTooLarge', undefined, { connection: 'close' }));
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
          reject(new ServiceError('payloadTooLarge', undefined, { connection: 'close' }));
        }
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (over) reject(new ServiceError('payloadTooLarge', undefined, { connection: 'close' }));
      else {
        // decisions.md: a body that is not valid UTF-8 is refused, never silently altered (to U+FFFD).
        try {
          resolve(UTF8.decode(Buffer.concat(chunks)));
        } catch {
          reject(new ServiceError('validation', 'body: not valid UTF-8'));
        }
      }
    });
    req.on('error', reject);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: unknown,
): void {
  // Encoded once: its length is the buffer's (Buffer.byteLength would walk the text a second time).
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': bytes.length,
    ...headers,
  });
  res.end(bytes);
}
