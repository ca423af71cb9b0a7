import type { Factory } from '../../kit/factory.js';
import type { IO } from '../../kit/io.js';
import { type OutputSpec, outputFormat } from '../../kit/printing.js';

/** An import summary: one line for a person, or one JSON object for a script (-o json|ndjson|yaml). */
export async function printSummary(
  io: IO,
  output: Pick<OutputSpec, 'format'>,
  verb: string,
  s: object,
): Promise<void> {
  if (output.format === 'table') {
    const parts = Object.entries(s).map(([k, v]) => `${v} ${k}`);
    io.stdout.write(`${verb} into the database: ${parts.join(', ')}\n`);
  } else if (output.format === 'yaml') {
    const { stringify } = await import('../../output/yaml-stringify.js');
    io.stdout.write(stringify(s));
  } else if (output.format === 'csv') {
    io.stdout.write(`${Object.keys(s).join(',')}\n${Object.values(s).join(',')}\n`);
  } else {
    io.stdout.write(`${JSON.stringify(s)}\n`);
  }
}

/** The summary's format: -o or --json, else a line on a terminal and JSON elsewhere (no profile is read). */
export async function summaryFormat(f: Pick<Factory, 'globals' | 'io'>): Promise<Pick<OutputSpec, 'format'>> {
  return { format: await outputFormat(f.globals(), f.io.stdoutIsTTY) };
}
