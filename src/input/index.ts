import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import type { z } from 'zod';
import { readCsv } from './csv.js';
import { formatFromContent, formatFromPath, type InputFormat } from './detect.js';
import { asUtf8 } from './encoding.js';
import { readJson } from './json.js';
import { readNdjson } from './ndjson.js';
import { type InputProblem, issuesToProblems } from './problems.js';
import type { RawRead } from './raw.js';
import { shapeOf } from './shape.js';
import { checkUnknownFields } from './unknown.js';

export { formatFromContent, formatFromPath, INPUT_FORMATS, type InputFormat } from './detect.js';
export { describeIssue, describeProblems, formatPath, type InputProblem } from './problems.js';
export { type FieldKind, fieldKinds, type Shape, shapeOf } from './shape.js';
export { checkUnknownFields, closestName } from './unknown.js';

export interface InputRecord<T> {
  line: number;
  record: T;
}

/** The input cannot be read at all (a missing file, an unreadable stream); bad content is a problem instead. */
export class InputError extends Error {
  override name = 'InputError';
}

async function readSource(source: string, stdin: NodeJS.ReadableStream | undefined): Promise<Buffer> {
  if (source === '-') return buffer(stdin ?? process.stdin);
  try {
    return await readFile(source);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (err as Error).message;
    throw new InputError(`cannot read ${source}: ${why}`);
  }
}

/**
 * Reads records from a file or `-` (stdin) as JSON (an array or an envelope), NDJSON, CSV or YAML, and
 * validates each with `schema`; a field the schema does not have is a problem too, unless `ignoreUnknown`.
 * Every problem carries the line the record starts on, so a user can find the row.
 */
export async function readRecords<T>(
  source: string,
  opts: {
    format?: InputFormat;
    schema: z.ZodType<T>;
    stdin?: NodeJS.ReadableStream;
    /** Other names a CSV column may have: `{ ip: 'ipAdress' }`. */
    aliases?: Record<string, string>;
    /** Drop unknown fields and columns instead of reporting them. */
    ignoreUnknown?: boolean;
  },
): Promise<{ records: InputRecord<T>[]; problems: InputProblem[] }> {
  const buf = asUtf8(await readSource(source, opts.stdin));
  let text: string | undefined;
  const asText = () => {
    text ??= buf.toString('utf8');
    return text;
  };
  const fromPath = source === '-' ? undefined : formatFromPath(source);
  const format = opts.format ?? fromPath ?? formatFromContent(asText());
  let raw: RawRead;
  if (format === 'csv') raw = readCsv(buf, opts.schema, opts);
  // The yaml package loads only for YAML input.
  else if (format === 'yaml') raw = (await import('./yaml.js')).readYaml(asText());
  else raw = format === 'json' ? readJson(asText()) : readNdjson(asText());

  const records: InputRecord<T>[] = [];
  const problems = raw.problems;
  const shape = shapeOf(opts.schema);
  for (const { line, value: given } of raw.records) {
    let value = given;
    if (!raw.fieldsChecked) {
      const checked = checkUnknownFields(line, given, shape, opts.ignoreUnknown === true);
      if (checked.problems.length > 0) {
        problems.push(...checked.problems);
        continue;
      }
      value = checked.value;
    }
    const parsed = opts.schema.safeParse(value);
    if (parsed.success) records.push({ line, record: parsed.data });
    else problems.push(...issuesToProblems(line, parsed.error.issues, value));
  }
  problems.sort((a, b) => a.line - b.line);
  return { records, problems };
}
