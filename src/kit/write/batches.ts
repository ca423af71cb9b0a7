// Sending many records in batches: each batch ends saved, failed, or with its outcome unknown (sent, but
// its answer never came), and a Ctrl-C stops between answers without losing what was saved.
import { isOutcomeUnknown } from '../../api/network-failures.js';
import { jsonBytesAtMost } from '../../domain/json-bytes.js';
import { lineRanges } from './progress.js';

export interface Row<R> {
  /** The line the record starts on in its file (0 for a record from flags). */
  line: number;
  record: R;
}

export interface BatchResults<R> {
  savedRows: Row<R>[];
  failedRows: Row<R>[];
  /** Sent, but no answer came: the service may have saved them. */
  unknownRows: Row<R>[];
  notSent: Row<R>[];
  /** The error of each failed or unknown batch, in order. */
  errors: unknown[];
  interrupted: boolean;
}

export function emptyResults<R>(): BatchResults<R> {
  return { savedRows: [], failedRows: [], unknownRows: [], notSent: [], errors: [], interrupted: false };
}

/**
 * What a batch's records may come to as JSON, at most: the interface takes a body of 1 MiB (decisions.md), and
 * half of it leaves the envelope and a service that counts otherwise their room.
 */
export const BATCH_BYTES = 512 * 1024;

/**
 * Batches of at most `size` records whose JSON stays within BATCH_BYTES (a record larger than that alone is a
 * batch of its own, for the service to refuse): a default batch of 1,000 small records is one request, and
 * 1,000 large ones are not a body the service must refuse.
 */
export function recordBatches<T extends { record: unknown }>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  let batch: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const n = jsonBytesAtMost(item.record) + 1;
    if (batch.length > 0 && (batch.length >= size || bytes + n > BATCH_BYTES)) {
      out.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += n;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

/** `A`: what the service answers a saved batch with (its saved records). */
export interface BatchHandlers<R, A> {
  send(batch: Row<R>[]): Promise<A>;
  /** Called as each batch is saved, before the next is sent: the batch counts as saved from then on. */
  saved(answer: A, batch: Row<R>[]): Promise<void>;
  /** Then, the next batch sent meanwhile: the batch's journal, output and progress. */
  print(answer: A, batch: Row<R>[]): Promise<void>;
  /** Called for a failed or outcome-unknown batch; `k` counts from 0. */
  failed(err: unknown, batch: Row<R>[], k: number, unknown: boolean): Promise<void>;
  /** Whether a failure (not an interrupt) may be passed over: --continue-on-error. */
  continueOnError: boolean;
  /** Aborted by Ctrl-C: the batch in flight becomes outcome unknown, later ones are not sent. */
  signal?: AbortSignal;
}

function aborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return;
    const stop = () => reject(new Interrupted());
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

class Interrupted extends Error {}

/**
 * Sends the batches one after another, stopping at the first failure unless told to go on. A batch goes out
 * only once the one before it is saved, but before that one is journalled and printed: the service works on
 * the next batch meanwhile, and a remote bulk add is not held up by its own output.
 */
export async function sendBatches<R, A>(
  batches: Row<R>[][],
  h: BatchHandlers<R, A>,
): Promise<BatchResults<R>> {
  const r = emptyResults<R>();
  const stop = aborted(h.signal);
  stop.catch(() => undefined);
  // The next batch's answer, when it was sent ahead of the current batch's output.
  let ahead: Promise<A> | undefined;
  const sendAhead = (batch: Row<R>[]) => {
    const answer = h.send(batch);
    // Awaited in its turn; a failure meanwhile (the output failed, Ctrl-C) must not go unhandled.
    answer.catch(() => undefined);
    return answer;
  };
  let k = 0;
  for (; k < batches.length && !h.signal?.aborted; k++) {
    const batch = batches[k]!;
    let answer: A;
    try {
      const sent = ahead ?? h.send(batch);
      ahead = undefined;
      answer = await Promise.race([sent, stop]);
    } catch (err) {
      if (err instanceof Interrupted) {
        r.interrupted = true;
        r.unknownRows.push(...batch);
        k++;
        break;
      }
      const unknown = isOutcomeUnknown(err);
      (unknown ? r.unknownRows : r.failedRows).push(...batch);
      r.errors.push(err);
      await h.failed(err, batch, k, unknown);
      if (!h.continueOnError) {
        k++;
        break;
      }
      continue;
    }
    r.savedRows.push(...batch);
    await h.saved(answer, batch);
    if (k + 1 < batches.length && !h.signal?.aborted) {
      ahead = sendAhead(batches[k + 1]!);
      // A turn of the event loop, in which the next request is written out, before this batch's output.
      await new Promise(setImmediate);
    }
    await h.print(answer, batch);
  }
  // Sent ahead, then Ctrl-C came while the batch before it was printed: its answer was not waited for.
  if (ahead && k < batches.length) {
    r.unknownRows.push(...batches[k]!);
    k++;
  }
  if (h.signal?.aborted) r.interrupted = true;
  r.notSent = batches.slice(k).flat();
  return r;
}

/** `line 7`, `lines 2-101, 150`; `the record` for one given by flags. */
export function rowsText(rows: readonly Row<unknown>[]): string {
  const lines = rows.map((r) => r.line).filter((l) => l > 0);
  if (lines.length === 0) return 'the record';
  return `${lines.length === 1 ? 'line' : 'lines'} ${lineRanges(lines)}`;
}

/** What became of each row, for a person: saved, failed, outcome unknown, not sent. */
export function resultLines(r: BatchResults<unknown>): string[] {
  const out: string[] = [];
  if (r.savedRows.length > 0) out.push(`  saved:    ${rowsText(r.savedRows)}`);
  if (r.failedRows.length > 0) out.push(`  failed:   ${rowsText(r.failedRows)}`);
  if (r.unknownRows.length > 0)
    out.push(`  outcome unknown (sent, no answer came): ${rowsText(r.unknownRows)}`);
  if (r.notSent.length > 0) out.push(`  not sent: ${rowsText(r.notSent)}`);
  return out;
}
