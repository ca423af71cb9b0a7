// Files the CLI writes for the user (reports, failed rows, saved records): never half-written.
import { lstatSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { UsageError } from './command-errors.js';

/**
 * Whether `path` names something other than a file, a folder or a link: a device (`/dev/null`, a terminal),
 * a FIFO, a socket. Such a target is written into as it is, never removed or renamed over: a process run as
 * root that replaced `/dev/null` with a file would break every other program on the machine.
 */
export function isSpecialFile(path: string): boolean {
  try {
    const st = lstatSync(path);
    return !st.isFile() && !st.isDirectory() && !st.isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Writes a file through a temp file in the same folder, so a reader never sees half of it, readable by its
 * owner alone (a device or a FIFO named with `overwrite` is written into: isSpecialFile). Without `overwrite`, an existing file is kept (link fails with EEXIST) and the call throws a
 * usage error, or with `rename` the next free numbered name is taken. Returns the path written.
 */
export async function writeFileAtomic(
  path: string,
  content: string | Uint8Array,
  opts: {
    overwrite: boolean;
    hint?: string /** A name of ccp's own: take `name-2.ext`, `-3`… if taken. */;
    rename?: boolean;
  },
): Promise<string> {
  // node:crypto and node:fs/promises load here, when a file is written, not with every command that could
  // write one.
  const { randomBytes } = process.getBuiltinModule('node:crypto') as typeof import('node:crypto');
  const { chmod, link, rename, rm, writeFile } = await import('node:fs/promises');
  // A device or a FIFO asked for by name (--failed-file /dev/null, -O a pipe) takes the content as it is.
  if (opts.overwrite && isSpecialFile(path)) {
    await writeFile(path, content);
    return path;
  }
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    // Records, and the secrets some hold, are the user's alone: 0600 whatever the umask.
    await writeFile(temp, content, { mode: 0o600 });
    await chmod(temp, 0o600);
    if (opts.overwrite) {
      await rename(temp, path);
      return path;
    }
    // link() fails rather than replace: two runs choosing one name never overwrite each other.
    for (let n = 1; ; n++) {
      const target = n === 1 ? path : numbered(path, n);
      try {
        await link(temp, target);
        return target;
      } catch (err) {
        if (!opts.rename || n >= 1000 || (err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new UsageError(`${path} already exists; nothing was overwritten`, {
        hint: opts.hint ?? 'pass --force to overwrite it',
      });
    }
    throw err;
  } finally {
    await rm(temp, { force: true });
  }
}

/** `report.pdf` → `report-2.pdf`. */
function numbered(path: string, n: number): string {
  const ext = extname(path);
  return `${path.slice(0, path.length - ext.length)}-${n}${ext}`;
}
