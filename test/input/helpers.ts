import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

const dir = mkdtempSync(join(tmpdir(), 'ccp-input-'));

/** Writes `content` to a temp file named `name` and returns its path. */
export function inputFile(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

export function stdinOf(content: string): NodeJS.ReadableStream {
  return Readable.from([Buffer.from(content)]);
}
