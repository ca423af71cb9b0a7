import type { RecordKind } from '../domain/index.js';
import type { OutputFormat, OutputOptions, RecordWriter } from '../output/index.js';
import { UsageError } from './errors.js';
import type { Factory } from './factory.js';
import type { IO } from './io.js';

/** How a command prints its records: everything of OutputOptions but the record kind. */
export type OutputSpec = Omit<OutputOptions, 'kind'>;

/**
 * The output format and fields for `kind`, from --json, -o, the profile, then the terminal: `table` when
 * stdout is a terminal, `json` otherwise. --fields is checked against the kind's schema here (exit 2).
 */
export async function outputSpec(f: Factory, kind: RecordKind): Promise<OutputSpec> {
  const g = f.globals();
  let format: OutputFormat | undefined = g.json ? 'json' : (g.output as OutputFormat | undefined);
  if (!format) format = (await f.config()).output;
  format ??= f.io.stdoutIsTTY ? 'table' : 'json';
  let fields: string[] | undefined;
  if (g.fields !== undefined) {
    const { resolveFields, FieldsError } = await import('../output/index.js');
    try {
      fields = resolveFields(kind, g.fields);
    } catch (err) {
      if (err instanceof FieldsError) throw new UsageError(err.message);
      throw err;
    }
  }
  return {
    format,
    fields,
    color: f.io.colorEnabled(),
    isTTY: f.io.stdoutIsTTY,
    width: f.io.terminalWidth(),
    now: () => f.clock.now(),
  };
}

export async function recordWriter(io: IO, spec: OutputSpec, kind: RecordKind): Promise<RecordWriter> {
  const { createRecordWriter } = await import('../output/index.js');
  return createRecordWriter(io.stdout, { ...spec, kind });
}

/**
 * Writes records as they come (a listing holds at most one page in memory). An empty table says so on
 * stderr; the machine formats print their empty form (`[]`, nothing, a header...) instead.
 */
export async function writeRecords(
  io: IO,
  spec: OutputSpec,
  kind: RecordKind,
  records: AsyncIterable<object> | Iterable<object>,
  emptyMessage: string,
): Promise<number> {
  const writer = await recordWriter(io, spec, kind);
  let count = 0;
  for await (const record of records) {
    await writer.write(record);
    count++;
  }
  await writer.end();
  if (count === 0 && spec.format === 'table') io.note(emptyMessage);
  return count;
}
