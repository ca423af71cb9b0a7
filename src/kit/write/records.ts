// The parts every record-sending write verb (push, notify save/update, org update, org options add) shares: its flags, where
// its records come from, and how they are handed to its run function and sent.
import type { Command } from 'commander';
import type { z } from 'zod';
import type { WriteRequest } from '../../api/write-request.js';
import type { RecordKind } from '../../domain/index.js';
import { UsageError } from '../command-errors.js';
import type { Factory } from '../factory.js';
import { examples } from '../help.js';
import type { OutputSpec } from '../printing.js';
import { addDryRunFlag, addFileFlags, type WriteFlags } from './flags.js';
import { readInputFile } from './input.js';
import { sendAndPrint, subjectOf, type WriteDeps, type WriteOutput, writeDeps, writeOutput } from './send.js';

/** What a record-sending verb's run function takes: its records, the file they came from, the output. */
export interface WriteRecords<R> extends WriteOutput {
  records: R[];
  /** The file the records came from, named in errors. */
  file?: string;
}

/** -f FILE with its companions and --dry-run, then the verb's examples. */
export function addRecordFlags(cmd: Command, what: string, ...lines: string[]): Command {
  addFileFlags(cmd, what);
  return addDryRunFlag(cmd).addHelpText('after', examples(...lines));
}

/** A record-sending verb's kind, and its records when -f is not given (`clash`: flags that build records). */
export interface RecordSource<T> {
  kind: RecordKind;
  clash?: string;
  aliases?: Record<string, string>;
  fromFlags: () => Promise<T[]>;
}

/**
 * A record-sending verb's options after --skeleton: its records are those of -f FILE (a usage error `clash`
 * if flags or arguments that build records were given too), else those `fromFlags` builds (one record, or
 * one per KEY=VALUE argument); with them, the output and --dry-run target the flags chose.
 */
export async function recordOptions<T>(
  f: Factory,
  flags: WriteFlags,
  schema: z.ZodType<T>,
  verb: RecordSource<T>,
): Promise<WriteRecords<T>> {
  let records: T[];
  if (flags.file === undefined) {
    records = await verb.fromFlags();
  } else {
    if (verb.clash !== undefined) throw new UsageError(verb.clash);
    const read = await readInputFile(f.io, { ...flags, file: flags.file }, schema, verb.aliases);
    records = read.map((r) => r.record);
  }
  return { records, file: flags.file, ...(await writeOutput(f, flags, verb.kind)) };
}

/** A record-sending verb's action after --skeleton: its options (see recordOptions) handed to its run. */
export async function sendFileOrFlags<T>(
  f: Factory,
  flags: WriteFlags,
  schema: z.ZodType<T>,
  verb: RecordSource<T> & {
    run: (opts: WriteRecords<T>, deps: WriteDeps) => Promise<unknown>;
  },
): Promise<void> {
  await verb.run(await recordOptions(f, flags, schema, verb), writeDeps(f));
}

/** Sends the request the records make and prints what was saved, naming the records in errors. */
export function sendRecords<T extends object>(
  opts: WriteRecords<{ uuid?: string | null }>,
  deps: WriteDeps,
  req: WriteRequest,
  kind: RecordKind,
  summary: (saved: T[]) => string,
): Promise<T[]> {
  return sendAndPrint<T>(opts, deps, req, { kind, subject: subjectOf(opts.records, opts.file), summary });
}

/** The dot paths of the values a record holds (objects opened, lists kept whole). */
function leafPaths(record: object, prefix = ''): string[] {
  return Object.entries(record).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? leafPaths(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/**
 * An update's output on a table without --fields: what identifies each record (its uuid, its name) and the
 * fields it sent, so the change can be seen at any width rather than lost among the default columns.
 */
export async function changedColumns(
  output: OutputSpec,
  kind: RecordKind,
  sent: readonly object[],
): Promise<OutputSpec> {
  if (output.format !== 'table' || output.fields) return output;
  const { viewOf } = await import('../../output/index.js');
  const view = viewOf(kind);
  const identity = view.table.filter((c) => c.priority === 0).map((c) => c.path);
  const changed = sent.flatMap((r) => leafPaths(r));
  const fields = [...new Set([...identity, ...changed])].filter((p) => view.hasPath(p));
  return { ...output, fields };
}
