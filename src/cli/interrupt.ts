// Ctrl-C (SIGINT) in the running process: the command is told first, and ended if it does not stop.
import { monotonicMs } from '../domain/clock.js';
import type { IO } from '../kit/io.js';
import { EXIT } from './exit-codes.js';

// A SIGINT may come twice for one Ctrl-C (a dependency's exit hook sends it again): the words print once.
const cancelled = new WeakSet<IO>();

/** `Cancelled.` on stderr, once per IO. */
export function sayCancelled(io: IO): void {
  if (cancelled.has(io)) return;
  cancelled.add(io);
  io.stderr.write('Cancelled.\n');
}

// After Ctrl-C a command has this long to stop on its own and say what it did (aborted requests and prompts
// end at once) before the process is ended for it: a read of a terminal's stdin, say, never ends by itself.
const INTERRUPT_GRACE_MS = 2000;
// At a second Ctrl-C, how long the process waits for what holds its exit (io.holdExit) before it exits.
const EXIT_HOLD_MS = 400;
// conf's exit hook (when-exit) sends SIGINT again as soon as it sees one: a second SIGINT this close to the
// first is that echo, not a person pressing Ctrl-C twice.
const ECHO_MS = 300;

/**
 * Ctrl-C: the first runs the command's interrupt hooks and aborts io.signal, so the command fails and run()
 * reports `Cancelled.` (exit 130); a second, or a command still running after the grace time, ends the
 * process with the same words. A command that stops on SIGINT by design (server start) just returns.
 */
export function handleSigint(io: IO, finished: () => boolean): () => void {
  let first = 0;
  let ending = false;
  const end = () => {
    if (finished() || ending) return;
    ending = true;
    sayCancelled(io);
    void io.exitHeld(EXIT_HOLD_MS).finally(() => process.exit(EXIT.interrupted));
  };
  return () => {
    if (io.signal.aborted) {
      if (monotonicMs() - first > ECHO_MS) end();
      return;
    }
    first = monotonicMs();
    io.interrupt();
    setTimeout(end, INTERRUPT_GRACE_MS).unref();
  };
}
