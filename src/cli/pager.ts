import { type ChildProcess, spawn } from 'node:child_process';
import type { IO } from './io.js';

export interface Pager {
  /** Where the output goes: the pager's input. */
  readonly out: NodeJS.WritableStream;
  /** Ends the pager's input and waits until the user leaves it. */
  close(): Promise<void>;
}

/**
 * The pager command: CCP_PAGER, then PAGER, then `less -FRX` (which exits at once when the text fits one
 * screen, keeps colours and leaves the text on the screen). An empty CCP_PAGER turns paging off.
 */
export function pagerCommand(env: NodeJS.ProcessEnv): string | undefined {
  const chosen = env.CCP_PAGER ?? env.PAGER ?? 'less -FRX';
  return chosen.trim() === '' || chosen.trim() === 'cat' ? undefined : chosen;
}

/**
 * Starts the pager when stdout is really a terminal (never in a pipe, never for a test's fake terminal) and
 * paging is not turned off; undefined otherwise, or when the pager cannot start.
 */
export async function openPager(io: IO, enabled: boolean): Promise<Pager | undefined> {
  if (!enabled || !io.stdoutIsTTY || (io.stdout as { isTTY?: boolean }).isTTY !== true) return undefined;
  const command = pagerCommand(io.env);
  if (!command) return undefined;
  const child = spawn(command, {
    shell: true,
    stdio: ['pipe', 'inherit', 'inherit'],
    env: { LESS: 'FRX', LV: '-c', ...io.env },
  });
  const started = await new Promise<boolean>((resolve) => {
    child.once('spawn', () => resolve(true));
    child.once('error', () => resolve(false));
  });
  if (!started) return undefined;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('close', () => resolve());
  });
  // The user may quit the pager before the listing ends: later writes then fail with EPIPE, which main
  // takes as a reader that went away (exit 0), as with `| head`.
  child.stdin!.on('error', () => {});
  // Ctrl-C ends the command, and the pager with it (less ignores SIGINT and would wait for a q).
  io.signal.addEventListener('abort', () => child.kill(), { once: true });
  return { out: child.stdin!, close: () => closePager(child, exited) };
}

async function closePager(child: ChildProcess, exited: Promise<void>): Promise<void> {
  child.stdin!.end();
  await exited;
}
