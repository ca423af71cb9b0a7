// The IO of the running process: terminals told from pipes and files, stdout through the runtime's
// descriptor writer until process.stdout is needed.
import { fstatSync, statSync } from 'node:fs';
import { buildIO, type IO, oraSpinner } from '../kit/io.js';
import { holdHeapForLongWalks } from '../runtime/heap-for-long-walks.js';
import { DescriptorOut, isBrokenPipe } from '../runtime/stdout-descriptor.js';

/**
 * isatty(fd), without node:tty (which loads net and the stream modules) where fd is plainly no terminal: a
 * terminal is a character device, a pipe or a file is not, and neither is the null device (a character
 * device too: output sent away by a script or a job).
 */
function isTerminal(fd: number): boolean {
  try {
    const st = fstatSync(fd);
    if (!st.isCharacterDevice()) return false;
    if (process.platform !== 'win32' && st.rdev === statSync('/dev/null').rdev) return false;
  } catch {
    return false;
  }
  return (process.getBuiltinModule('node:tty') as typeof import('node:tty')).isatty(fd);
}

let heapHeld = false;

/** The IO of the running process. */
export function systemIO(): IO {
  const tty: Partial<Record<0 | 1 | 2, boolean>> = {};
  const terminal = (fd: 0 | 1 | 2) => {
    tty[fd] ??= isTerminal(fd);
    return tty[fd];
  };
  let stdout: NodeJS.WriteStream | undefined;
  let descriptorOut: DescriptorOut | undefined;
  const made = () => {
    if (!stdout) {
      stdout = process.stdout;
      // The reader went away (`| head`): not an error of ours (run() says so for a write that fails).
      stdout.on('error', (err) => {
        if (!isBrokenPipe(err)) throw err;
      });
    }
    return stdout;
  };
  return buildIO({
    get stdout() {
      if (stdout || terminal(1)) return made();
      descriptorOut ??= new DescriptorOut(() => stdout, made);
      return descriptorOut as unknown as NodeJS.WritableStream;
    },
    get stderr() {
      return process.stderr;
    },
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    get stdoutIsTTY() {
      return terminal(1);
    },
    get stdinIsTTY() {
      return terminal(0);
    },
    get stderrIsTTY() {
      return terminal(2);
    },
    width: () => (terminal(1) ? made().columns || 80 : 80),
    makeSpinner: oraSpinner,
    // Once per process: the tuning is process-wide.
    expectLongWalk: () => {
      if (!heapHeld) holdHeapForLongWalks();
      heapHeld = true;
    },
  });
}
