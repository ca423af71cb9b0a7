import type { Metadata } from '../domain/envelope.js';
import type { ApiClient, Exchange, HttpMethod } from './client.js';

/** One write the CLI is about to send: what --dry-run prints and what send() posts. */
export interface WriteRequest<R = unknown> {
  method: HttpMethod;
  /** Path under the base URL, segments already encoded. */
  path: string;
  records: R[];
  /** The operation takes no body: the request sends none (and `records` is empty). */
  noBody?: boolean;
  metadata?: Metadata;
  /** What the write acts on (`license <uuid>`), named in the error when the service refuses it. */
  subject?: string;
}

/** Sends a write; a non-OK answer throws the client's typed error. */
export function sendWrite<T = unknown>(api: ApiClient, req: WriteRequest): Promise<Exchange<T>> {
  return api.request<T>(req.method, req.path, {
    records: req.records,
    ...(req.noBody ? { noBody: true } : {}),
    ...(req.metadata ? { metadata: req.metadata } : {}),
    ...(req.subject ? { subject: req.subject } : {}),
  });
}
