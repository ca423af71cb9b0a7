import type { Metadata } from '../domain/envelope.js';
import type { RecordPage } from '../domain/record-lines.js';
import { answeredRecords } from './answered-page.js';
import type { ApiClient, Exchange, HttpMethod, RequestOptions } from './client.js';

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
  return api.request<T>(req.method, req.path, options(req));
}

/**
 * Sends a write and gives the records the service saved, as the lines it wrote them where the answer came
 * over HTTP (a bulk write prints and journals them as they came): telling that a batch is saved then reads
 * its envelope and proves its bytes, with no record made, and the next batch goes out sooner.
 */
export async function sendWriteForRecords<T = unknown>(
  api: ApiClient,
  req: WriteRequest,
): Promise<RecordPage<T>> {
  return answeredRecords<T>(await api.send(req.method, req.path, options(req)), true, req.subject);
}

function options(req: WriteRequest): RequestOptions {
  return {
    records: req.records,
    ...(req.noBody ? { noBody: true } : {}),
    ...(req.metadata ? { metadata: req.metadata } : {}),
    ...(req.subject ? { subject: req.subject } : {}),
  };
}
