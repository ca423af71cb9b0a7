// How a command prints its records: the format and options its flags and profile chose, and the writing
// (through the pager on a terminal). The renderers themselves are src/output's.
import type { RecordKind } from '../domain/index.js';
import { pageLength, type RecordPage } from '../domain/record-lines.js';
import { QUERY_FORMATS } from '../output/formats.js';
import type { OutputFormat, OutputOptions, RecordWriter, TimestampStyle, View } from '../output/index.js';
import { UsageError } from './command-errors.js';
import type { Factory } from './factory.js';
import type { IO } from './io.js';

/** How a command prints its records: everything of OutputOptions but what is printed, and the pager. */
export type OutputSpec = Omit<OutputOptions, 'kind' | 'view'> & { pager?: boolean };

/** The output flags as commander parsed them (`--no-headers` and `--no-pager` set false). */
export interface OutputFlags {
  json?: boolean;
  output?: string;
  fields?: string;
  query?: string;
  headers?: boolean;
  pager?: boolean;
}

export interface OutputContext {
  io: IO;
  /** The profile's (or CCP_OUTPUT's) format, read only when no flag chose one. */
  configured: () => Promise<OutputFormat | undefined>;
  /** The zone tables show timestamps in (--time-zone, env, profile, system). */
  timeZone: () => Promise<string>;
  /** --timestamps, env or profile: how machine formats write timestamps. */
  timestamps?: () => Promise<TimestampStyle>;
  /** --csv-raw, env or profile: csv cells as they are. */
  csvRaw?: () => Promise<boolean>;
  now: () => number;
}

/**
 * The format --json or -o chose, else the profile's (or CCP_OUTPUT's), read only then; undefined when neither
 * chose one. Records are printed in it, and under json or ndjson errors are JSON too (src/cli/error-report.ts).
 */
export async function chosenFormat(
  flags: Pick<OutputFlags, 'json' | 'output'>,
  configured: () => Promise<OutputFormat | undefined>,
): Promise<OutputFormat | undefined> {
  if (flags.json) return 'json';
  return (flags.output as OutputFormat | undefined) ?? configured();
}

/**
 * The format a command prints in, whatever it prints: chosenFormat's (`configured` is the profile's, for a
 * command that reads one), else a table on a terminal and JSON elsewhere, and JSON with --query (whose result
 * is JSON).
 */
export async function outputFormat(
  flags: Pick<OutputFlags, 'json' | 'output' | 'query'>,
  stdoutIsTTY: boolean,
  configured: () => Promise<OutputFormat | undefined> = async () => undefined,
): Promise<OutputFormat> {
  return (await chosenFormat(flags, configured)) ?? (flags.query ? 'json' : stdoutIsTTY ? 'table' : 'json');
}

/**
 * The output of `what`, from --json, -o, the profile, then the terminal: `table` when stdout is a terminal,
 * `json` otherwise (and `json` with --query, whose result is JSON). --fields and --query are checked here,
 * before anything is fetched (exit 2).
 */
export async function resolveOutput(
  flags: OutputFlags,
  what: RecordKind | View,
  ctx: OutputContext,
): Promise<OutputSpec> {
  // A profile's format that --query cannot shape gives way to the default below.
  const format = await outputFormat(flags, ctx.io.stdoutIsTTY, async () => {
    const configured = await ctx.configured();
    return flags.query && configured && !QUERY_FORMATS.includes(configured) ? undefined : configured;
  });
  // Only what the flags ask for loads: --fields checks paths against the record schemas (zod).
  let fields: string[] | undefined;
  if (flags.fields !== undefined) {
    const { resolveFields, FieldsError } = await import('../output/fields.js');
    try {
      fields = resolveFields(what, flags.fields);
    } catch (err) {
      throw asUsageError(err, FieldsError);
    }
  }
  if (flags.query !== undefined) {
    if (!QUERY_FORMATS.includes(format)) {
      throw new UsageError(`--query shapes JSON: use it with -o json, yaml or ndjson, not -o ${format}`);
    }
    const { checkQuery, QueryError } = await import('../output/query.js');
    await checkQuery(flags.query).catch((err: unknown) => {
      throw asUsageError(err, QueryError);
    });
  }
  return {
    format,
    fields,
    query: flags.query,
    noHeaders: flags.headers === false,
    pager: flags.pager !== false,
    color: ctx.io.colorEnabled(),
    isTTY: ctx.io.stdoutIsTTY,
    width: ctx.io.terminalWidth(),
    timeZone: format === 'table' ? await ctx.timeZone() : undefined,
    timestamps: format === 'table' ? undefined : await ctx.timestamps?.(),
    csvRaw: format === 'csv' ? await ctx.csvRaw?.() : undefined,
    note: (line) => ctx.io.note(line),
    now: ctx.now,
  };
}

/** A bad --fields or --query (an error of class `type`) is the user's: a usage error (exit 2). */
function asUsageError(err: unknown, type: new (...args: never[]) => Error): unknown {
  return err instanceof type ? new UsageError(err.message) : err;
}

/** The output spec of a command's records, from the factory's globals and configuration. */
export async function outputSpec(f: Factory, what: RecordKind | View): Promise<OutputSpec> {
  return resolveOutput(f.globals() as OutputFlags, what, {
    io: f.io,
    configured: async () => (await f.config()).output as OutputFormat | undefined,
    timeZone: async () => (await f.config()).timeZone,
    timestamps: async () => (await f.config()).timestamps,
    csvRaw: async () => (await f.config()).csvRaw,
    now: () => f.clock.now(),
  });
}

/**
 * `get` of one record on a terminal: a detail view (`Field: value` lines, as `kubectl describe`) instead of a
 * one-row table. --no-headers asks for table rows, so it keeps the table.
 */
export function oneRecordSpec(spec: OutputSpec, count: number): OutputSpec {
  return count === 1 && spec.isTTY && spec.format === 'table' && !spec.noHeaders
    ? { ...spec, detail: true }
    : spec;
}

export async function recordWriter(
  out: NodeJS.WritableStream,
  spec: OutputSpec,
  what: RecordKind | View,
): Promise<Required<RecordWriter>> {
  const { createRecordWriter } = await import('../output/writer.js');
  return createRecordWriter(
    out,
    typeof what === 'string' ? { ...spec, kind: what } : { ...spec, view: what },
  );
}

/**
 * Writes records as they come (a listing holds at most one page in memory), through the pager on a
 * terminal. An empty table says so on stderr; the machine formats print their empty form (`[]`, nothing,
 * a header...) instead.
 */
export async function writeRecords(
  io: IO,
  spec: OutputSpec,
  what: RecordKind | View,
  records: AsyncIterable<object> | Iterable<object>,
  /** Said on stderr when a table has no record; none when the caller says it itself. */
  emptyMessage: string | undefined,
): Promise<number> {
  // A listing that has its pages (api/paginate.ts) is written a page at a time: a few promises a page.
  const pages = (records as { pages?: AsyncIterable<RecordPage<object>> }).pages;
  const source: AsyncIterator<object | RecordPage<object>> | Iterator<object> = pages
    ? pages[Symbol.asyncIterator]()
    : Symbol.asyncIterator in records
      ? records[Symbol.asyncIterator]()
      : records[Symbol.iterator]();
  // The pager starts with the first record: while the service is slow, the spinner and Ctrl-C reach ccp,
  // not a pager waiting for input.
  let next: IteratorResult<object | RecordPage<object>> | undefined = await source.next();
  // The pager's module loads only where one may start: paging on, and stdout a terminal.
  const pager =
    next.done || spec.pager !== true || !io.stdoutIsTTY
      ? undefined
      : await (await import('./pager.js')).openPager(io);
  const writer = await recordWriter(pager?.out ?? io.stdout, spec, what);
  let count = 0;
  try {
    while (!next.done) {
      // Nothing here holds a page written while the next is fetched: a page still held then survives the
      // young generation's collections, and is promoted to old space, where it stays until a full one.
      let value: object | RecordPage<object> | undefined = next.value;
      next = undefined;
      if (pages) {
        await writer.writePage(value as RecordPage<object>);
        count += pageLength(value as RecordPage<object>);
      } else {
        await writer.write(value);
        count++;
      }
      value = undefined;
      next = await source.next();
    }
    await writer.end();
  } catch (err) {
    // The records that came before the failure go out before it is told on stderr.
    await writer.flush?.().catch(() => {});
    throw err;
  } finally {
    await pager?.close();
  }
  if (count === 0 && spec.format === 'table' && emptyMessage !== undefined) io.note(emptyMessage);
  return count;
}
