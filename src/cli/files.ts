// Files the CLI writes for the user (reports, failed rows, saved records): never half-written.
import { randomBytes } from 'node:crypto';
import { link, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UsageError } from './errors.js';

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
