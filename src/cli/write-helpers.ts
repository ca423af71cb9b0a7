// What every write command shares: --dry-run, --skeleton, -f input files, prompts for missing values,
// progress on stderr, and files written atomically.
import { randomBytes } from 'node:crypto';
import { link, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { z } from 'zod';
import type { ApiClient } from '../api/client.js';
import { buildMetadata } from '../api/envelope.js';
import type { WriteRequest } from '../api/write-request.js';
import type { Metadata } from '../domain/envelope.js';
import type { RecordKind } from '../domain/index.js';
import type { InputFormat, InputRecord } from '../input/index.js';
import { describeIssue } from '../input/problems.js';
import { isUuid } from './args.js';
import { UsageError } from './errors.js';
import type { Factory } from './factory.js';
import type { IO, Spinner } from './io.js';
import { type OutputSpec, outputSpec } from './output.js';
import type { Prompter } from './prompter.js';

export interface WriteFlags {
  dryRun?: boolean;
  skeleton?: boolean;
}

export interface FileFlags {
  file?: string;
  format?: InputFormat;
}

/** Where a dry run says the request would go, without starting anything. */
export interface DryRunTarget {
  baseUrl?: string;
  metadata: Metadata;
}

/** The parts of a write's run function that do not depend on the command. */
export interface WriteContext {
  io: IO;
  api: () => Promise<ApiClient>;
  dryRun: boolean;
  target: () => Promise<DryRunTarget>;
}

export function addDryRunFlag(cmd: Command): Command {
  return cmd.addOption(
    new Option('--dry-run', 'print the request (method, URL, envelope) as JSON and send nothing'),
  );
}

/** -f/--file, --format and --skeleton. */
export function addFileFlags(cmd: Command, what: string): Command {
  return cmd
    .addOption(
      new Option(
        '-f, --file <path>',
        `read ${what} from a JSON (array or envelope), NDJSON, CSV or YAML file; - for stdin`,
      ),
    )
    .addOption(
      new Option(
        '--format <format>',
        'input format (default: from the extension, or told from the content)',
      ).choices(['json', 'ndjson', 'csv', 'yaml']),
    )
    .addOption(new Option('--skeleton', 'print an input template for -f and exit'));
}

/** Commander argParser for a whole number at least `min`. */
export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (text: string): number => {
    const n = Number(text.trim());
    if (!/^\d+$/.test(text.trim()) || n < min || n > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    }
    return n;
  };
}

/** `KEY=VALUE` into its two parts; the value may hold `=` and may be empty. */
export function parseAssignment(text: string, what: string): { key: string; value: string } {
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError(`${what} must look like NAME=VALUE, got ${JSON.stringify(text)}`);
  return { key: text.slice(0, at).trim(), value: text.slice(at + 1) };
}

/** Commander collector for a repeated option. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** A given value, else a prompt on a terminal, else a usage error naming the flag (the prompter's rule). */
export async function requireValue(
  prompter: Prompter,
  value: string | undefined,
  opts: { flag: string; message: string; uuid?: boolean; orElse?: string },
): Promise<string> {
  const check = (v: string): true | string => {
    if (v.trim() === '') return 'a value is required';
    if (opts.uuid && !isUuid(v.trim())) return 'expected a uuid (8-4-4-4-12 hex digits)';
    return true;
  };
  if (value !== undefined && value !== '') {
    const ok = check(value);
    if (ok !== true) throw new UsageError(`${opts.flag}: ${ok}`);
    return opts.uuid ? value.toLowerCase() : value;
  }
  const answer = (
    await prompter
      .input({ message: opts.message, flag: opts.flag, validate: check })
      .catch((err: unknown) => {
        // Without a terminal, say the other way to give the value too (`-f FILE`).
        if (err instanceof UsageError && opts.orElse)
          throw new UsageError(err.message, { hint: `pass ${opts.flag}, or ${opts.orElse}` });
        throw err;
      })
  ).trim();
  const ok = check(answer);
  if (ok !== true) throw new UsageError(`${opts.flag}: ${ok}`);
  return opts.uuid ? answer.toLowerCase() : answer;
}

/**
 * Records of an input file, every one valid: a file that cannot be read, or any bad row, is a usage error
 * listing every problem with its line (nothing is sent).
 */
export async function readInputFile<T>(
  io: IO,
  file: string,
  schema: z.ZodType<T>,
  format: InputFormat | undefined,
): Promise<InputRecord<T>[]> {
  const { readRecords, describeProblems, InputError } = await import('../input/index.js');
  let result: Awaited<ReturnType<typeof readRecords<T>>>;
  try {
    result = await readRecords(file, { schema, stdin: io.stdin, ...(format ? { format } : {}) });
  } catch (err) {
    if (err instanceof InputError) throw new UsageError(err.message);
    throw err;
  }
  const { records, problems } = result;
  if (problems.length > 0) {
    const rows = new Set(problems.map((p) => p.line)).size;
    throw new UsageError(
      `${rows} bad ${rows === 1 ? 'row' : 'rows'} in ${file === '-' ? 'stdin' : file}; nothing was sent\n${describeProblems(file, problems)}`,
    );
  }
  if (records.length === 0)
    throw new UsageError(`no records in ${file === '-' ? 'stdin' : file}; nothing was sent`);
  return records;
}

/** A usage error for a record built from flags that fails its schema, naming the flags. */
export function flagRecord<T>(schema: z.ZodType<T>, record: unknown, flagOf: Record<string, string>): T {
  const parsed = schema.safeParse(record);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    const flag = flagOf[field];
    const given = (record as Record<string, unknown> | null)?.[field];
    const message = issue.path.length === 1 ? describeIssue(issue, given) : issue.message;
    return `${flag ?? field}: ${message}`;
  });
  throw new UsageError(lines.join('\n'));
}

// Set by the server; a template leaves them out.
const SERVER_SET = new Set(['createdOn', 'modifiedOn', 'updatedOn', 'createOn', 'updateOn']);

interface Def {
  type: string;
  innerType?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  format?: string;
}

function def(t: z.core.$ZodType): Def {
  return t._zod.def as unknown as Def;
}

function field(t: z.core.$ZodType): { type: string; optional: boolean; guid: boolean } {
  let optional = false;
  let d = def(t);
  while ((d.type === 'optional' || d.type === 'nullable' || d.type === 'default') && d.innerType) {
    optional = true;
    d = def(d.innerType);
  }
  return { type: d.type, optional, guid: d.format === 'guid' || d.format === 'uuid' };
}

/**
 * One example record for `schema`: every scalar field the user may set (empty text, 0, false), without the
 * fields the server sets or optional uuids, then `example` over it.
 */
export function skeletonRecord(
  schema: z.core.$ZodType,
  example: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, t] of Object.entries(def(schema).shape ?? {})) {
    if (SERVER_SET.has(name)) continue;
    const f = field(t);
    if (f.guid) {
      if (!f.optional) out[name] = '00000000-0000-0000-0000-000000000000';
    } else if (f.type === 'string') out[name] = '';
    else if (f.type === 'number') out[name] = 0;
    else if (f.type === 'boolean') out[name] = false;
  }
  return { ...out, ...example };
}

/** Prints a JSON envelope holding one example record: a template for `-f`. */
export function writeSkeleton(io: IO, schema: z.core.$ZodType, example: Record<string, unknown>): void {
  io.stdout.write(`${JSON.stringify({ data: [skeletonRecord(schema, example)] }, null, 2)}\n`);
}

/** The target a dry run names: the configured base URL (none: the embedded server) and request metadata. */
export function dryRunTarget(f: Factory): () => Promise<DryRunTarget> {
  return async () => {
    const cfg = await f.config();
    return { baseUrl: cfg.baseUrl, metadata: buildMetadata({ orgUuid: cfg.org, userUuid: cfg.user }) };
  };
}

/** The context every write's run function takes from the factory. */
export function writeContext(f: Factory, flags: WriteFlags): WriteContext {
  return { io: f.io, api: () => f.api(), dryRun: flags.dryRun === true, target: dryRunTarget(f) };
}

/** The URL a dry run names: under the base URL, or the bare path on the embedded server. */
export function dryRunUrl(target: DryRunTarget, path: string): string {
  if (!target.baseUrl) return path;
  const base = target.baseUrl.endsWith('/') ? target.baseUrl : `${target.baseUrl}/`;
  return new URL(path.replace(/^\//, ''), base).toString();
}

/**
 * Prints each request as a JSON document (method, url, envelope), one after another, so `jq` reads one or
 * many alike. Without a base URL the url is the path on the embedded server.
 */
export function writeDryRun(io: IO, target: DryRunTarget, requests: WriteRequest[]): void {
  for (const req of requests) {
    const url = dryRunUrl(target, req.path);
    const envelope = { data: req.records, metadata: buildMetadata(target.metadata, req.metadata) };
    io.stdout.write(`${JSON.stringify({ method: req.method, url, envelope }, null, 2)}\n`);
  }
  io.note(
    `Dry run: ${requests.length} ${requests.length === 1 ? 'request' : 'requests'} printed, nothing sent.`,
  );
}

/** Progress of a long write on stderr: a bar on a terminal (outside CI), nothing otherwise. */
export interface Progress {
  update(done: number): void;
  stop(): void;
}

export async function progressBar(io: IO, total: number, noun: string): Promise<Progress> {
  if (!io.stderrIsTTY || total <= 0) return { update() {}, stop() {} };
  const text = (done: number) => {
    const width = 24;
    const filled = Math.round((done / total) * width);
    return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${done}/${total} ${noun}`;
  };
  const spinner: Spinner = await io.spinner(text(0));
  return { update: (done) => spinner.update(text(done)), stop: () => spinner.stop() };
}

/** `2-101, 150, 160-170`: the lines of some rows, for a person to find them. */
export function lineRanges(lines: readonly number[]): string {
  const sorted = [...lines].sort((a, b) => a - b);
  const parts: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    const start = sorted[i]!;
    let end = start;
    while (i + 1 < sorted.length && sorted[i + 1] === end + 1) end = sorted[++i]!;
    parts.push(start === end ? String(start) : `${start}-${end}`);
    i++;
  }
  return parts.join(', ');
}

/**
 * Writes a file through a temp file in the same folder, so a reader never sees half of it. Without
 * `overwrite`, an existing file is kept (link fails with EEXIST) and the call throws a usage error.
 */
export async function writeFileAtomic(
  path: string,
  content: string | Uint8Array,
  opts: { overwrite: boolean; hint?: string },
): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temp, content, { mode: 0o644 });
  try {
    if (opts.overwrite) await rename(temp, path);
    else {
      await link(temp, path);
      await rm(temp, { force: true });
    }
  } catch (err) {
    await rm(temp, { force: true });
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new UsageError(`${path} already exists; nothing was overwritten`, {
        hint: opts.hint ?? 'pass --force to overwrite it',
      });
    }
    throw err;
  }
}

/** What a write verb that sends records (from -f or its flags) gives its action. */
export interface RecordsVerb<R> {
  skeleton(io: IO): void;
  records(): Promise<R[]>;
  run(opts: WriteContext & { output: OutputSpec; records: R[] }): Promise<unknown>;
}

/** Such a verb's action: --skeleton prints the template; otherwise the records are sent (or shown, with --dry-run). */
export async function runRecordsVerb<R>(
  f: Factory,
  flags: WriteFlags,
  kind: RecordKind,
  verb: RecordsVerb<R>,
): Promise<void> {
  if (flags.skeleton) {
    verb.skeleton(f.io);
    return;
  }
  const records = await verb.records();
  await verb.run({ ...writeContext(f, flags), output: await outputSpec(f, kind), records });
}
