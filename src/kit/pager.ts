import type { ChildProcess } from 'node:child_process';
import { CancelledError } from './command-errors.js';
import type { IO } from './io.js';

export interface Pager {
  /** Where the output goes: the pager's input. */
  readonly out: NodeJS.WritableStream;
  /** Ends the pager's input and waits until the user leaves it. */
  close(): Promise<void>;
}

/**
 * The pager command: CCP_PAGER, then PAGER, then `less -FRX` (which exits at once when the text fits one
 * screen, keeps colours and leaves the text on the screen). An empty CCP_PAGER turns paging off, and so does
 * a terminal that cannot page (TERM=dumb or no TERM: less stops there to ask for RETURN).
 */
export function pagerCommand(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.TERM || env.TERM === 'dumb') return undefined;
  const chosen = env.CCP_PAGER ?? env.PAGER ?? 'less -FRX';
  return chosen.trim() === '' || chosen.trim() === 'cat' ? undefined : chosen;
}

/**
 * Starts the pager, paging being on and `io` taking stdout for a terminal (printing.ts asks), when stdout is
 * really one (never a test's fake terminal); undefined otherwise, or when the pager cannot start.
 */
export async function openPager(io: IO): Promise<Pager | undefined> {
  if ((io.stdout as { isTTY?: boolean }).isTTY !== true) return undefined;
  const command = pagerCommand(io.env);
  if (!command) return undefined;
  // A plain command runs without a shell between us and it, so the signal below reaches the pager itself
  // (a shell killed in its place would leave the pager running, reading the terminal after ccp exited).
  const words = PLAIN_COMMAND.test(command) ? command.trim().split(/\s+/) : undefined;
  // The pager owns the screen from now until it ends: no spinner drawn over it, notes after it.
  const release = io.holdScreen();
  // Loaded here, when a pager starts: node:child_process brings net, dgram and the stream modules, which a
  // listing into a pipe or a file (every first page a script reads) never needs.
  const { spawn } = process.getBuiltinModule('node:child_process') as typeof import('node:child_process');
  const child = spawn(words ? words[0]! : command, words ? words.slice(1) : [], {
    shell: words === undefined,
    stdio: ['pipe', 'inherit', 'inherit'],
    env: { LESS: 'FRX', LV: '-c', ...io.env },
  });
  const started = await new Promise<boolean>((resolve) => {
    child.once('spawn', () => resolve(true));
    child.once('error', () => resolve(false));
  });
  if (!started) {
    release();
    return undefined;
  }
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('close', () => resolve());
  });
  // The user may quit the pager before the listing ends: later writes then fail with EPIPE, which main
  // takes as a reader that went away (exit 0), as with `| head`.
  child.stdin!.on('error', () => {});
  // Ctrl-C ends the command, and the pager with it (less takes SIGINT as "stop searching" and would wait for
  // a q). SIGTERM lets less put the terminal back as it found it; one that does not go is killed.
  io.signal.addEventListener(
    'abort',
    () => {
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS).unref();
    },
    { once: true },
  );
  return {
    out: child.stdin!,
    close: () => closePager(child, exited, io.signal).finally(release),
  };
}

// Words of safe characters, the first not an assignment (`LESS=R less` needs the shell).
const PLAIN_COMMAND = /^\s*[\w./@%+:,-]+(\s+[\w./@%+=:,-]+)*\s*$/;
const KILL_AFTER_MS = 500;

/** Waits for the pager to end; after Ctrl-C the command ends as cancelled, even when everything was written. */
async function closePager(child: ChildProcess, exited: Promise<void>, signal: AbortSignal): Promise<void> {
  child.stdin!.end();
  await exited;
  if (signal.aborted) throw new CancelledError();
}
