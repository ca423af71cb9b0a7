// How a write's action hands over to its run function, and how one request is sent and its answer shown.
import type { ApiClient } from '../../api/client.js';
import { ApiError, serviceError } from '../../api/request-errors.js';
import { sendWrite, type WriteRequest } from '../../api/write-request.js';
import type { RecordKind } from '../../domain/index.js';
import type { Factory } from '../factory.js';
import type { IO } from '../io.js';
import { type OutputSpec, outputSpec, writeRecords } from '../printing.js';
import { type DryRunTarget, dryRunTarget, writeDryRun } from './dry-run.js';
import type { WriteFlags } from './flags.js';

/** The parts of the program a write's run function uses. */
export interface WriteDeps {
  io: IO;
  api: () => Promise<ApiClient>;
}

/** What every write's options hold besides its records: how to print them, and whether to send. */
export interface WriteOutput {
  output: OutputSpec;
  /** With --dry-run, where the requests would go: they are printed and nothing is sent. */
  dryRun?: DryRunTarget;
}

export function writeDeps(f: Factory): WriteDeps {
  return { io: f.io, api: () => f.api() };
}

export async function writeOutput(f: Factory, flags: WriteFlags, kind: RecordKind): Promise<WriteOutput> {
  return {
    output: await outputSpec(f, kind),
    ...(flags.dryRun ? { dryRun: await dryRunTarget(f) } : {}),
  };
}

/** Hands a write's options to its run function, with the output and --dry-run target the flags chose. */
export async function handOver<O extends object>(
  f: Factory,
  flags: WriteFlags,
  kind: RecordKind,
  opts: O,
  run: (opts: O & WriteOutput, deps: WriteDeps) => Promise<unknown>,
): Promise<void> {
  await run({ ...opts, ...(await writeOutput(f, flags, kind)) }, writeDeps(f));
}

/** The service's error, naming what the command acted on (`uuid ...`, `orgs.json lines 2-4`). */
export function withSubject(err: unknown, subject: string | undefined): unknown {
  if (!(err instanceof ApiError) || !subject || err.subject) return err;
  return serviceError({ code: err.code, reason: err.reason, httpStatus: err.httpStatus, subject });
}

/**
 * One write as every write verb does it: with --dry-run the request is printed and nothing is sent;
 * otherwise it is sent, the records the service saved are printed whole on stdout in the chosen format,
 * and `summary` (for a person) on stderr. Returns the saved records.
 */
export async function sendAndPrint<T extends object>(
  opts: WriteOutput,
  deps: WriteDeps,
  req: WriteRequest,
  what: { kind: RecordKind; subject?: string; summary: (saved: T[]) => string },
): Promise<T[]> {
  if (opts.dryRun) {
    writeDryRun(deps.io, opts.dryRun, [req]);
    return [];
  }
  const api = await deps.api();
  const ex = await sendWrite<T>(api, req).catch((err: unknown) => {
    throw withSubject(err, what.subject);
  });
  const saved = ex.envelope.data;
  const summary = what.summary(saved);
  // An empty table says the summary in its place; the other formats print their empty form, then it.
  const n = await writeRecords(deps.io, opts.output, what.kind, saved, summary);
  if (n > 0 || opts.output.format !== 'table') deps.io.note(summary);
  return saved;
}

/** `1 organization` / `2 organizations`. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** What a write names in its errors: the one record's uuid, or the file its records came from. */
export function subjectOf(records: readonly { uuid?: string | null }[], file?: string): string | undefined {
  if (file !== undefined) return file === '-' ? 'stdin' : file;
  const uuid = records.length === 1 ? records[0]?.uuid : undefined;
  return uuid ? `uuid ${uuid}` : undefined;
}
