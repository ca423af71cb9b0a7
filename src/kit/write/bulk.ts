// A bulk write from a file: batches sent one after another, saved records streamed to stdout and appended
// to a journal file as each batch is answered, failed rows kept for a re-run, and a summary a person can
// act on when it stops early (a failure, an answer that never came, Ctrl-C).
import { ApiError, NetworkError, serviceError } from '../../api/request-errors.js';
import { monotonicMs } from '../../domain/clock.js';
import type { RecordKind } from '../../domain/index.js';
import { isLines, pageLength, type RecordPage } from '../../domain/record-lines.js';
import type { InputFormat } from '../../input/detect.js';
import { oneLine } from '../../output/terminal-text.js';
import { CancelledError } from '../command-errors.js';
import { recordWriter } from '../printing.js';
import {
  type BatchResults,
  emptyResults,
  type Row,
  recordBatches,
  resultLines,
  rowsText,
  sendBatches,
} from './batches.js';
import { progressBar } from './progress.js';
import { besideInput, formatOfSource, SavedJournal, writeRowsFile } from './rows-file.js';
import { count, type WriteDeps, type WriteOutput, withSubject } from './send.js';

export interface BulkOptions<R> extends WriteOutput {
  rows: Row<R>[];
  /** Rows of the input left out before sending (--skip-existing), for the summary. */
  skipped: number;
  /** The input file, `-` for stdin, undefined for a record from flags. */
  source?: string;
  format?: InputFormat;
  batchSize: number;
  continueOnError: boolean;
  failedFile?: string;
  savedFile?: string;
  /** The command line that resumes the write, printed when it stops early. */
  resume?: string;
}

export interface BulkWhat<R, T> {
  kind: RecordKind;
  noun: string;
  plural: string;
  /** The records the service saved, or the lines it wrote them as (api/write-request.ts, sendWriteForRecords). */
  send(batch: Row<R>[]): Promise<RecordPage<T>>;
  /** What an error names when one record from flags failed. */
  subject(row: Row<R>): string;
}

/** A batch's error in a line of ccp's: the service's words on that line, never a line of their own. */
function errorText(err: unknown): string {
  if (err instanceof ApiError) return oneLine(`${err.code} ${err.reason}`);
  if (err instanceof NetworkError) return oneLine(`${err.code} ${err.message}`);
  return oneLine(String(err));
}

export async function sendBulk<R, T>(
  opts: BulkOptions<R>,
  deps: WriteDeps & { signal?: AbortSignal },
  what: BulkWhat<R, T>,
): Promise<number> {
  const { io } = deps;
  const noun = (n: number) => count(n, what.noun, what.plural);
  const startedAt = monotonicMs();
  const batchList = recordBatches(opts.rows, opts.batchSize);
  const fromFile = opts.source !== undefined;
  const format = opts.format ?? formatOfSource(opts.source);
  const keepFailed = opts.continueOnError || opts.failedFile !== undefined;
  const failedPath = keepFailed ? (opts.failedFile ?? besideInput(opts.source, 'failed', format)) : undefined;
  const journalPath = opts.savedFile ?? besideInput(opts.source, 'saved', 'ndjson', true);
  const journal = fromFile ? new SavedJournal(journalPath) : undefined;
  const writer = await recordWriter(io.stdout, opts.output, what.kind);
  const progress = await progressBar(io, opts.rows.length, what.plural);
  // Saved records are printed and journalled as they come, never held: a bulk write's memory stays flat.
  let saved = 0;
  const notSaved: Row<R>[] = [];
  let done = 0;
  // What is known so far, for a summary told the moment Ctrl-C comes: the process may be ended soon after
  // (a second SIGINT), before the batch loop could unwind and tell it.
  const sofar: BatchResults<R> = { ...emptyResults<R>(), interrupted: true };
  let started = 0;
  // Batches sent and not answered yet (neither saved nor failed): outcome unknown if Ctrl-C comes now.
  const pending = new Set<Row<R>[]>();
  // A saved batch's records go to the journal once the next batch is out (journalNow), or at once when
  // Ctrl-C comes first: the summary it tells counts them as saved. Their lines are what -o ndjson prints.
  let unjournalled: RecordPage<object> | undefined;
  let journalled: Uint8Array | undefined;
  const journalNow = () => {
    if (!unjournalled) return;
    journalled = journal?.append(unjournalled);
    unjournalled = undefined;
  };
  let told = false;
  const skippedText = opts.skipped > 0 ? `; skipped ${opts.skipped} existing` : '';
  const summary = (r: BatchResults<R>): string[] => {
    const total = opts.rows.length + opts.skipped;
    const lines = [`Saved ${r.savedRows.length} of ${noun(total)}${skippedText}.`, ...resultLines(r)];
    if (journal?.written) lines.push(`Saved records were written to ${journal.path}.`);
    return lines;
  };
  const resume = () =>
    fromFile ? [`Resume with: ${opts.resume ?? 'the same command with --skip-existing'}`] : [];
  const stopTelling = io.onInterrupt(() => {
    if (!fromFile || told) return;
    told = true;
    journalNow();
    const r = {
      ...sofar,
      unknownRows: [...sofar.unknownRows, ...[...pending].flat()],
      notSent: batchList.slice(started).flat(),
    };
    io.warn([...summary(r), ...resume()].join('\n'));
  });
  const results = await sendBatches<R, RecordPage<T>>(batchList, {
    continueOnError: opts.continueOnError,
    signal: deps.signal,
    send(batch) {
      started++;
      pending.add(batch);
      return what.send(batch);
    },
    async saved(page, batch) {
      unjournalled = page as RecordPage<object>;
      pending.delete(batch);
      sofar.savedRows.push(...batch);
      saved += pageLength(page);
    },
    async print(page, batch) {
      journalNow();
      // Lines as the service wrote them pass through as a listing's page does; records made here are
      // written with the journal's lines for -o ndjson.
      if (isLines(page)) await writer.writePage(page as RecordPage<object>);
      else await writer.writeAll(page as object[], journalled);
      // Out now, so a warning about the next batch on stderr follows these records on a terminal.
      await writer.flush();
      done += batch.length;
      progress.update(done);
    },
    async failed(err, batch, k, unknown) {
      pending.delete(batch);
      (unknown ? sofar.unknownRows : sofar.failedRows).push(...batch);
      const which = `Batch ${k + 1} of ${batchList.length} (${rowsText(batch)})`;
      if (fromFile || batchList.length > 1) {
        io.warn(
          unknown
            ? `${which}: sent, but no answer came (${errorText(err)}); its outcome is unknown`
            : `${which} failed: ${errorText(err)}`,
        );
      }
      // Rows whose outcome is unknown stay out of the failed file: they may be saved already.
      if (!unknown) {
        notSaved.push(...batch);
        if (failedPath) await writeRowsFile(failedPath, records(notSaved), format);
      }
      done += batch.length;
      progress.update(done);
    },
  }).finally(() => {
    journalNow();
    journal?.close();
    progress.stop();
    stopTelling();
  });
  await writer.end();

  if (results.errors.length === 0 && !results.interrupted) {
    if (opts.savedFile === undefined) await journal?.remove();
    const seconds = ((monotonicMs() - startedAt) / 1000).toFixed(1);
    const batchesText = count(batchList.length, 'batch', 'batches');
    io.note(`Saved ${noun(saved)} in ${batchesText} (${seconds} s)${skippedText}.`);
    return saved;
  }
  // One record from flags: its error says it all.
  if (!fromFile && opts.rows.length === 1 && !results.interrupted) throw finalError(results, opts, what, 0);
  const lines = told ? [] : summary(results);
  const unsaved = [...notSaved, ...results.notSent];
  if (failedPath && unsaved.length > 0) {
    await writeRowsFile(failedPath, records(unsaved), format);
    lines.push(`Rows not saved were written to ${failedPath}; add them again with -f ${failedPath}.`);
  }
  if (!told) lines.push(...resume());
  // A warning, not a note: -q does not hide what a partial run left behind.
  if (lines.length > 0) io.warn(lines.join('\n'));
  throw finalError(results, opts, what, saved);
}

function records<R>(rows: Row<R>[]): object[] {
  return rows.map((r) => r.record as object);
}

/** Each failure was told with its batch; the error says how many rows were not saved (Ctrl-C: Cancelled). */
function finalError<R>(
  r: BatchResults<R>,
  opts: BulkOptions<R>,
  what: BulkWhat<R, unknown>,
  saved: number,
): unknown {
  if (r.interrupted) return new CancelledError();
  const first = r.errors[0];
  if (opts.source === undefined && opts.rows.length === 1)
    return withSubject(first, what.subject(opts.rows[0]!));
  const parts = [`${saved} of ${count(opts.rows.length, what.noun, what.plural)} saved`];
  if (r.failedRows.length > 0) parts.push(`${r.failedRows.length} failed`);
  if (r.unknownRows.length > 0) parts.push(`${r.unknownRows.length} with outcome unknown`);
  if (r.notSent.length > 0) parts.push(`${r.notSent.length} not sent`);
  const reason = `${parts.join(', ')} (see above)`;
  if (first instanceof ApiError)
    return serviceError({ code: first.code, reason, httpStatus: first.httpStatus });
  if (first instanceof NetworkError) return new NetworkError(reason, { code: first.code, hint: first.hint });
  return first;
}
