import type { RecordPage } from '../domain/record-lines.js';
import { type RawResponse, throwUnlessOk, toExchange } from './exchange.js';
import type { Page } from './paginate.js';

/**
 * One page of a listing, its records read when the walk comes to them: a page fetched ahead stays the
 * transport's bytes until then. A class, not an object literal with a getter closing over the answer: V8
 * makes such a literal a dictionary-mode object whose getter holds the fetch's whole context, and with it
 * each page outlived its turn in the young generation and was promoted to old space
 * (test/e2e/young-generation.test.ts).
 */
export class AnsweredPage<T> implements Page<T> {
  readonly total: number | undefined;

  constructor(
    private readonly raw: RawResponse,
    private readonly asLines: boolean,
  ) {
    const header = raw.headers['x-total-count'];
    const total = header === undefined || header.trim() === '' ? Number.NaN : Number(header);
    this.total = Number.isSafeInteger(total) && total >= 0 ? total : undefined;
  }

  get records(): RecordPage<T> {
    return answeredRecords<T>(this.raw, this.asLines);
  }
}

/**
 * The records of an OK answer (a listing's page, or what a write saved): as the lines the service wrote them
 * when `asLines` and the transport has the body's bytes (pageLines), else parsed. Any other statusCode
 * throws its typed error, naming `subject`.
 */
export function answeredRecords<T>(raw: RawResponse, asLines: boolean, subject?: string): RecordPage<T> {
  const lines = raw.lines && asLines ? raw.lines() : undefined;
  if (lines) {
    // The envelope without its records says whether the page is an answer, and an OK one.
    const ex = toExchange<T>(
      { status: raw.status, headers: raw.headers, text: '', json: lines.envelope },
      subject,
    );
    throwUnlessOk(ex, subject);
    return { count: lines.count, lines: lines.lines };
  }
  const ex = toExchange<T>(raw, subject);
  throwUnlessOk(ex, subject);
  return ex.envelope.data ?? [];
}
