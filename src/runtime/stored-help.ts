// `ccp [command [verb]] --help` into a pipe, a file or /dev/null, printed from the text the build stored
// (scripts/help-table.mjs runs the same command line through the CLI and keeps what it printed). Help is the
// same there whatever the environment: 80 columns, no colour. bin/ccp.js asks here before it loads the bundle,
// so such a help costs what `--version` costs; anything else (a terminal, another word, a path the build did
// not store) goes to the CLI, which prints the same text.
import { fstatSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isBrokenPipe, writeOut } from './stdout-descriptor.js';

// A command or verb name; nothing else names a stored file.
const WORD = /^[a-z][a-z0-9-]*$/;
// The deepest path the build stores: `ccp server token create`.
const MAX_WORDS = 3;

/** The stored file of a command path (`ccp.edgedevice.list.txt`): ccp and its words, joined by dots. */
export function storedHelpFile(words: readonly string[]): string {
  return `${['ccp', ...words].join('.')}.txt`;
}

/**
 * Whether descriptor 1 is plainly no terminal: not a character device, or the null device. A terminal is
 * told from other character devices by node:tty only (src/cli/system-io.ts), which this never loads: a
 * character device other than /dev/null goes to the CLI.
 */
function stdoutIsNoTerminal(): boolean {
  try {
    const st = fstatSync(1);
    return (
      !st.isCharacterDevice() || (process.platform !== 'win32' && st.rdev === statSync('/dev/null').rdev)
    );
  } catch {
    return false;
  }
}

/**
 * Prints the stored help of `args` (the command line after `ccp`) and returns true, or returns false when
 * there is none to print: the CLI then runs as ever.
 */
export function printStoredHelp(args: readonly string[], dir: string): boolean {
  const flag = args.at(-1);
  if (flag !== '--help' && flag !== '-h') return false;
  const words = args.slice(0, -1);
  if (words.length > MAX_WORDS || !words.every((w) => WORD.test(w)) || !stdoutIsNoTerminal()) return false;
  let text: Buffer;
  try {
    text = readFileSync(join(dir, storedHelpFile(words)));
  } catch {
    return false;
  }
  try {
    const at = writeOut(text);
    // A non-blocking pipe that is full takes the rest through the stream, as the CLI's print does.
    if (at < text.length) {
      process.stdout.on('error', (err) => {
        if (!isBrokenPipe(err)) throw err;
      });
      process.stdout.write(text.subarray(at));
    }
  } catch (err) {
    // The reader went away (`| head`): exit 0, as the CLI does.
    if (!isBrokenPipe(err)) throw err;
  }
  return true;
}
