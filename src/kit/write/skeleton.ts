// `--skeleton`: a template of the records a write reads with -f, in the format it will be read in.
import type { z } from 'zod';
import type { InputFormat } from '../../input/detect.js';
import type { Shape } from '../../input/shape.js';
import { UsageError } from '../command-errors.js';
import type { IO } from '../io.js';

// Set by the server; a template leaves them out.
const SERVER_SET = new Set(['createdOn', 'modifiedOn', 'updatedOn', 'createOn', 'updateOn']);

/**
 * One example record for `schema`: every scalar field the user may set (empty text, 0, false), without the
 * fields the server sets or optional uuids, then `example` over it.
 */
function skeletonRecord(shape: Shape, example: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of shape.fields ?? []) {
    if (SERVER_SET.has(name)) continue;
    if (field.uuid) {
      if (shape.required.has(name)) out[name] = '00000000-0000-0000-0000-000000000000';
    } else if (field.kind === 'string') out[name] = '';
    else if (field.kind === 'number') out[name] = 0;
    else if (field.kind === 'boolean') out[name] = false;
  }
  return { ...out, ...example };
}

/**
 * Prints one example record as `format` reads it: a JSON envelope, one NDJSON line, a YAML list, or a CSV header row
 * and one row (CSV holds flat fields only; a record that needs a nested one cannot be written in it).
 */
export async function writeSkeleton(
  io: IO,
  schema: z.core.$ZodType,
  example: Record<string, unknown>,
  format: InputFormat = 'json',
): Promise<void> {
  // Loaded here: the shape is read with zod, which registering a command must not load.
  const { shapeOf } = await import('../../input/shape.js');
  const shape = shapeOf(schema);
  const record = skeletonRecord(shape, example);
  if (format === 'json') io.stdout.write(`${JSON.stringify({ data: [record] }, null, 2)}\n`);
  else if (format === 'ndjson') io.stdout.write(`${JSON.stringify(record)}\n`);
  else if (format === 'yaml') {
    const { stringify } = await import('../../output/yaml-stringify.js');
    io.stdout.write(stringify([record]));
  } else {
    const nested = Object.keys(record).filter((k) => shape.fields?.get(k)?.kind === 'nested');
    const needed = nested.filter((k) => shape.required.has(k));
    if (needed.length > 0) {
      throw new UsageError(`these records need ${needed.join(', ')}, which CSV cannot hold`, {
        hint: 'use --format json or --format ndjson',
      });
    }
    const flat = Object.fromEntries(Object.entries(record).filter(([k]) => !nested.includes(k)));
    const { stringify } = await import('csv-stringify/sync');
    io.stdout.write(stringify([flat], { header: true, cast: { boolean: (b) => String(b) } }));
  }
}
