// The records a write sends, from -f or from its flags: every one valid, or a usage error saying where.
import type { z } from 'zod';
import type { InputFormat, InputRecord } from '../../input/index.js';
import { describeIssue, type InputProblem } from '../../input/problems.js';
import { UsageError } from '../command-errors.js';
import type { IO } from '../io.js';

/** Where the records are and how to read them: -f, --format and --ignore-unknown. */
export interface InputFlags {
  file: string;
  format?: InputFormat;
  /** Drop fields and columns the record does not have, instead of failing. */
  ignoreUnknown?: boolean;
}

function sourceName(file: string): string {
  return file === '-' ? 'stdin' : file;
}

/** Problems printed at most; a file of 60,000 bad rows would otherwise scroll every one past. */
export const PROBLEMS_SHOWN = 20;

/**
 * The problems as the error shows them: all of them when few, else the first PROBLEMS_SHOWN, how many more,
 * and the file in the user's state folder (XDG_STATE_HOME/ccp/problems) that holds every one.
 */
async function listProblems(io: IO, file: string, problems: readonly InputProblem[]): Promise<string> {
  const { describeProblems } = await import('../../input/problems.js');
  if (problems.length <= PROBLEMS_SHOWN) return describeProblems(file, problems);
  const [{ stateDir }, { makeDirs }, { chmod }, { basename, join }, { writeFileAtomic }] = await Promise.all([
    import('../../config/resolve.js'),
    import('../../domain/dirs.js'),
    import('node:fs/promises'),
    import('node:path'),
    import('../files.js'),
  ]);
  const folder = join(stateDir(io.env), 'problems');
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const path = join(folder, `${file === '-' ? 'stdin' : basename(file)}-${stamp}-${process.pid}.txt`);
  const more = problems.length - PROBLEMS_SHOWN;
  const shown = describeProblems(file, problems.slice(0, PROBLEMS_SHOWN));
  try {
    // The rows' values may be private (passwords of external references): the folder is the user's alone.
    makeDirs(folder);
    await chmod(folder, 0o700);
    await writeFileAtomic(path, `${describeProblems(file, problems)}\n`, { overwrite: true });
  } catch (err) {
    return `${shown}\n... and ${more} more (the full list could not be written to ${path}: ${(err as Error).message})`;
  }
  return `${shown}\n... and ${more} more; all ${problems.length} are in ${path}`;
}

/**
 * Records of an input file, every one valid: a file that cannot be read, a field the record does not have,
 * or any bad row, is a usage error listing every problem with its line (nothing is sent).
 */
export async function readInputFile<T>(
  io: IO,
  flags: InputFlags,
  schema: z.ZodType<T>,
  /** Other names a CSV column may have (the command's flag names): `{ ip: 'ipAdress' }`. */
  aliases?: Record<string, string>,
): Promise<InputRecord<T>[]> {
  const { file, format, ignoreUnknown } = flags;
  const { readRecords, InputError } = await import('../../input/index.js');
  let result: Awaited<ReturnType<typeof readRecords<T>>>;
  try {
    // io.stdin is made when first read (it loads the stream modules): only for `-`.
    const stdin = file === '-' ? io.stdin : undefined;
    result = await readRecords(file, { schema, stdin, format, ignoreUnknown, aliases });
  } catch (err) {
    if (err instanceof InputError) throw new UsageError(err.message);
    throw err;
  }
  const { records, problems } = result;
  if (problems.length > 0) {
    const rows = new Set(problems.map((p) => p.line)).size;
    const unknown = problems.some((p) => p.message.startsWith('unknown '));
    throw new UsageError(
      `${rows} bad ${rows === 1 ? 'row' : 'rows'} in ${sourceName(file)}; nothing was sent\n${await listProblems(io, file, problems)}`,
      unknown ? { hint: 'fix the names, or pass --ignore-unknown to drop what the records do not have' } : {},
    );
  }
  if (records.length === 0) throw new UsageError(`no records in ${sourceName(file)}; nothing was sent`);
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

/** The records, unless some repeat an earlier one's `field` (by `keyOf`): a usage error listing each repeat's line. */
export async function rejectRepeats<R extends object>(
  io: IO,
  file: string,
  records: InputRecord<R>[],
  field: keyof R & string,
  what: string,
  keyOf?: (value: unknown) => unknown,
): Promise<InputRecord<R>[]> {
  const { repeatedValues } = await import('../../input/repeats.js');
  const repeats = repeatedValues(records, field, keyOf);
  if (repeats.length === 0) return records;
  const n = repeats.length;
  throw new UsageError(
    `${n} repeated ${what}${n === 1 ? '' : 's'}; nothing was sent\n${await listProblems(io, file, repeats)}`,
  );
}
