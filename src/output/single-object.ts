import { wrapWords } from './fit.js';
import { Sink } from './sink.js';
import { terminalFilter } from './terminal-text.js';
import type { OutputFormat } from './types.js';

/**
 * One document (a status, a summary) in the chosen format: `table` is its human form, each line folded to
 * the terminal's width (`human` may fold its own lines better, at commas say); `yaml` and `ndjson` as those
 * formats write one object; anything else as indented JSON.
 */
export async function writeDocument(
  out: NodeJS.WritableStream,
  doc: object,
  opts: { format: OutputFormat; width: number; terminal: boolean; human: (width: number) => string[] },
): Promise<void> {
  // On a terminal the service's text (an issuer, a reason) is escaped, in the human form as in the others.
  const sink = new Sink(out, terminalFilter(opts.format === 'table' ? 'text' : opts.format, opts.terminal));
  if (opts.format === 'table') {
    await sink.write(
      `${opts
        .human(opts.width)
        .map((line) => wrapWords(line, opts.width))
        .join('\n')}\n`,
    );
  } else if (opts.format === 'yaml') {
    const { stringify } = await import('./yaml-stringify.js');
    await sink.write(stringify(doc, { lineWidth: 0 }));
  } else if (opts.format === 'ndjson') {
    await sink.write(`${JSON.stringify(doc)}\n`);
  } else {
    await sink.write(`${JSON.stringify(doc, null, 2)}\n`);
  }
  await sink.flush();
}
