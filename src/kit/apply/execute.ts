// Sends a plan's requests one batch after another, with progress on a terminal. A failure, a batch whose
// answer never came, or Ctrl-C stops it with an account of what was saved, what may have been, what was
// not sent, and the command that resumes: the same apply again, which plans only what is still to do.
import type { ApiClient } from '../../api/client.js';
import { isOutcomeUnknown } from '../../api/network-failures.js';
import { ApiError, NetworkError } from '../../api/request-errors.js';
import { sendWrite, type WriteRequest } from '../../api/write-request.js';
import { CancelledError } from '../command-errors.js';
import type { IO } from '../io.js';
import { lineRanges, progressBar } from '../write/progress.js';

export interface Batch {
  request: WriteRequest;
  /** File lines of the records in it (none for records the file does not name, such as disables). */
  lines: number[];
  /** Changes it carries, for progress and the summary. */
  size: number;
}

function linesText(batches: readonly Batch[]): string {
  const lines = batches.flatMap((b) => b.lines);
  const size = batches.reduce((n, b) => n + b.size, 0);
  const others = size - lines.length;
  const parts: string[] = [];
  if (lines.length > 0) parts.push(`${lines.length === 1 ? 'line' : 'lines'} ${lineRanges(lines)}`);
  if (others > 0) parts.push(`${others} not in the file`);
  return `${size} (${parts.join('; ') || 'none'})`;
}

export interface SendOptions {
  io: IO;
  api: ApiClient;
  batches: Batch[];
  /** What the changes are, plural (`changes`). */
  noun: string;
  /** The command that resumes, shown when the run stops early. */
  resume: string;
}

/**
 * Sends every batch in order; returns the records the service answered with. Ctrl-C aborts io.signal (and
 * with it the request in flight): the account is printed, then main() says `Cancelled.` (exit 130).
 */
export async function sendPlan<T extends object>(opts: SendOptions): Promise<T[]> {
  const { io, batches } = opts;
  const total = batches.reduce((n, b) => n + b.size, 0);
  const progress = await progressBar(io, total, opts.noun);
  const saved: T[] = [];
  let done = 0;
  let k = 0;
  try {
    for (; k < batches.length; k++) {
      if (io.signal.aborted) throw new CancelledError();
      const answer = await sendWrite<T>(opts.api, batches[k]!.request);
      saved.push(...answer.envelope.data);
      done += batches[k]!.size;
      progress.update(done);
    }
  } catch (err) {
    progress.stop();
    // A request that went out and lost its answer (to Ctrl-C or the network) may have been applied.
    const unknown = isOutcomeUnknown(err);
    if (io.signal.aborted) {
      report(opts, k, unknown ? 'unknown' : 'not sent');
      throw new CancelledError();
    }
    if (err instanceof ApiError || err instanceof NetworkError)
      report(opts, k, unknown ? 'unknown' : 'failed');
    throw err;
  } finally {
    progress.stop();
  }
  return saved;
}

/** The account of a run stopped at batch `k`. */
function report(opts: SendOptions, k: number, how: 'not sent' | 'unknown' | 'failed'): void {
  const { batches } = opts;
  const saved = batches.slice(0, k);
  const stopped = batches[k];
  const notSent = batches.slice(how === 'not sent' ? k : k + 1);
  const lines = [`Stopped after ${k} of ${batches.length} ${batches.length === 1 ? 'batch' : 'batches'}.`];
  lines.push(`  saved:           ${linesText(saved)}`);
  if (stopped && how !== 'not sent') {
    if (how === 'failed') lines.push(`  failed:          ${linesText([stopped])}`);
    else lines.push(`  outcome unknown: ${linesText([stopped])} (sent, no answer came)`);
  }
  lines.push(`  not sent:        ${linesText(notSent)}`);
  lines.push(`Run the same command again to resume; it plans only what is still to do:\n  ${opts.resume}`);
  // What a stopped run left behind prints even with -q.
  opts.io.warn(lines.join('\n'));
}
