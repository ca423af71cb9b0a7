// One report to make, as the request thread hands it to a report worker (pool.ts, worker.ts): what it is,
// then its records in chunks, then its end. The records come from the server's own connection, read on the
// request thread a chunk at a time: a worker never opens the database itself, as a second connection in the
// server's process (and its file opened again) could cost the server its locks on the file.
import type { ReportFileType } from '../../domain/report-kinds.js';
import { renderReport } from './index.js';
import type { ReportData } from './report-data.js';

/** A report's contents but its records. */
export type ReportHead = Omit<ReportData, 'records'>;
export type ReportRecord = Record<string, unknown>;

export type ReportJob = { type: ReportFileType } & (
  | { data: ReportData }
  // Read as the worker takes them: the request thread answers other requests between two chunks.
  | { head: ReportHead; chunks: () => AsyncIterable<ReportRecord[]> }
);

/** What the request thread posts to a worker, in this order: one start, any number of rows, one end. */
export type JobMessage =
  | { start: { type: ReportFileType; head: ReportHead } }
  | { rows: ReportRecord[] }
  | { end: true };

/** A worker's report being received: takes the job's messages, and makes the report at its end. */
export function receiveReport() {
  let started: { type: ReportFileType; head: ReportHead } | undefined;
  let records: ReportRecord[] = [];
  return {
    /** Takes one message; at the end, the file as base64 text in a Buffer of its own (handed over without a copy). */
    async take(m: JobMessage): Promise<Buffer | undefined> {
      if ('start' in m) {
        started = m.start;
        records = [];
        return undefined;
      }
      if ('rows' in m) {
        for (const r of m.rows) records.push(r);
        return undefined;
      }
      if (!started) throw new Error('a report ended before it started');
      const { type, head } = started;
      const data: ReportData = { ...head, records };
      started = undefined;
      records = [];
      const base64 = (await renderReport(data, type)).toString('base64');
      const out = Buffer.allocUnsafeSlow(base64.length);
      out.write(base64, 'latin1');
      return out;
    },
  };
}
