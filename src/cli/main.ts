// The entry of bin/ccp.js: runs one command line. What a failure prints is error-report.ts's, its exit code
// exit-codes.ts's, Ctrl-C interrupt.ts's.
import type { Clock } from '../domain/clock.js';
import { createFactory, type GlobalOptions } from '../kit/factory.js';
import type { IO } from '../kit/io.js';
import type { OutputFlags } from '../kit/printing.js';
import type { Prompter } from '../kit/prompter.js';
import { reportError } from './error-report.js';
import { EXIT } from './exit-codes.js';
import { handleSigint } from './interrupt.js';
import { buildProgram } from './program.js';
import { systemIO } from './system-io.js';

export interface RunDeps {
  io?: IO;
  prompter?: Prompter;
  clock?: Clock;
}

/** Runs one command line and returns its exit code; never exits the process. */
export async function run(argv: string[], deps: RunDeps = {}): Promise<number> {
  const io = deps.io ?? systemIO();
  // The factory reads the global flags as commander parsed them: its parts are made after parsing.
  const f = createFactory({
    io,
    prompter: deps.prompter,
    clock: deps.clock,
    flags: () => program.opts<GlobalOptions>(),
  });
  const program = buildProgram(f);
  try {
    await program.parseAsync(argv);
    return EXIT.ok;
  } catch (err) {
    // The global flags as commander parsed them, also when it stopped before the command's action.
    return await reportError(err, io, f, program.opts<OutputFlags>());
  } finally {
    await f.dispose().catch(() => undefined);
  }
}

/**
 * Entry point of bin/ccp.js: sets process.exitCode and lets pending output drain (process.exit only for a
 * command that does not stop after Ctrl-C).
 */
export async function main(argv: string[] = process.argv): Promise<void> {
  // What the completion scripts run at each TAB: hidden, and apart from the parser (its words are not ours).
  if (argv[2] === '__complete') {
    const { completeMain } = await import('./completion/complete.js');
    return completeMain(argv.slice(3));
  }
  // process.stdout is made (with its broken-pipe handler) by the first command that writes to it.
  const io = systemIO();
  let finished = false;
  process.on(
    'SIGINT',
    handleSigint(io, () => finished),
  );
  process.exitCode = await run(argv, { io });
  finished = true;
}
