import { sendWrite, type WriteRequest } from '../api/write-request.js';
import type { RecordKind } from '../domain/index.js';
import { type OutputSpec, writeRecords } from './output.js';
import { type WriteContext, writeDryRun } from './write-helpers.js';

/**
 * One write as every write verb does it: with --dry-run the request is printed and nothing is sent;
 * otherwise it is sent and the records the service returned are printed. Returns those records.
 */
export async function sendAndPrint<T extends object>(
  opts: WriteContext & { output: OutputSpec },
  req: WriteRequest,
  kind: RecordKind,
  empty: string,
): Promise<T[]> {
  if (opts.dryRun) {
    writeDryRun(opts.io, await opts.target(), [req]);
    return [];
  }
  const ex = await sendWrite<T>(await opts.api(), req);
  await writeRecords(opts.io, opts.output, kind, ex.envelope.data, empty);
  return ex.envelope.data;
}
