// Files a bulk write leaves beside its input: the rows not saved (to add again with -f) and the records
// saved so far (appended as each batch is answered, so a crash or Ctrl-C never loses their uuids).
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { isLines, pageLength, type RecordPage } from '../../domain/record-lines.js';
import { quoteFormulaGap } from '../../domain/spreadsheet.js';
import type { InputFormat } from '../../input/detect.js';
import { isSpecialFile, writeFileAtomic } from '../files.js';

/**
 * `<input>.<what>.<ext>` next to the input (for stdin, in the current folder). The input's own extension is
 * kept unless `always` names the format the file holds whatever the input's was.
 */
export function besideInput(
  source: string | undefined,
  what: string,
  format: InputFormat,
  always = false,
): string {
  if (source === undefined || source === '-') return `stdin.${what}.${format}`;
  const ext = extname(source);
  return join(dirname(source), `${basename(source, ext)}.${what}${always || !ext ? `.${format}` : ext}`);
}

/** The format of an input by its name (stdin: NDJSON). */
export function formatOfSource(source: string | undefined): InputFormat {
  const ext = source ? extname(source).toLowerCase() : '';
  if (ext === '.csv') return 'csv';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  return source && source !== '-' ? 'json' : 'ndjson';
}

/** Records as a file in `format`, readable again with -f. */
export async function rowsFileContent(records: object[], format: InputFormat): Promise<string> {
  if (format === 'ndjson') return records.map((r) => `${JSON.stringify(r)}\n`).join('');
  if (format === 'csv') {
    const { stringify } = await import('csv-stringify/sync');
    const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
    // Quoted as `-o csv` is, and read back the same by -f: a spreadsheet opening it runs no formula.
    return stringify(records as Record<string, unknown>[], {
      header: true,
      columns,
      escape_formulas: true,
      cast: { boolean: (b) => String(b), string: quoteFormulaGap },
    });
  }
  return `${JSON.stringify({ data: records }, null, 2)}\n`;
}

export async function writeRowsFile(path: string, records: object[], format: InputFormat): Promise<void> {
  await writeFileAtomic(path, await rowsFileContent(records, format), { overwrite: true });
}

/** NDJSON appended as batches are saved: what the service answered, whole. */
export class SavedJournal {
  /** Open from the first batch on: one open for the run, not one per batch. */
  private fd: number | undefined;
  private started = false;
  constructor(readonly path: string) {}

  /**
   * Appends the records, synchronously: a Ctrl-C handler may call it, and once a batch counts as saved its
   * records are in the file even if the process ends next. Returns the NDJSON lines written, as the bytes
   * written (-o ndjson prints them).
   */
  append(page: RecordPage<object>): Uint8Array | undefined {
    if (pageLength(page) === 0) return undefined;
    let bytes: Uint8Array;
    if (isLines(page)) bytes = page.lines;
    else {
      let text = '';
      for (const r of page) text += `${JSON.stringify(r)}\n`;
      bytes = Buffer.from(text);
    }
    if (!this.started) {
      // The first batch starts the file afresh; a later run must not read an earlier run's records. A device
      // or a FIFO (--saved-file /dev/null) is written into, never removed.
      if (!isSpecialFile(this.path)) rmSync(this.path, { force: true });
      // The records (the passwords they may hold) are the user's alone.
      this.fd = openSync(this.path, 'a', 0o600);
      this.started = true;
    }
    for (let at = 0; at < bytes.length; ) at += writeSync(this.fd!, bytes, at);
    return bytes;
  }

  get written(): boolean {
    return this.started;
  }

  /** Closes the file; the records stay. */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  async remove(): Promise<void> {
    this.close();
    if (this.started && !isSpecialFile(this.path))
      await (await import('node:fs/promises')).rm(this.path, { force: true });
  }
}
