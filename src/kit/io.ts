import { fitText } from '../output/fit.js';
import { terminalText } from '../output/terminal-text.js';
import { CancelledError } from './command-errors.js';

export interface Spinner {
  update(text: string): void;
  stop(): void;
}

export interface IO {
  /**
   * Stdout, the one way to it: records, help, usage, a token. Written to its descriptor directly while nothing
   * has made process.stdout and the descriptor is no terminal (src/cli/system-io.ts): making process.stdout
   * loads the stream modules, about a fifth of node's own start-up, which a short command never needs.
   */
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
  readonly env: NodeJS.ProcessEnv;
  readonly stdoutIsTTY: boolean;
  readonly stdinIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  /** Colour only when stdout and stdin are terminals, never under NO_COLOR, --no-color, TERM=dumb or CI. */
  colorEnabled(): boolean;
  /** Prompts only when stdin and stdout are terminals, outside CI and without --no-input. */
  canPrompt(): boolean;
  terminalWidth(): number;
  setColor(enabled: boolean): void;
  setNoInput(noInput: boolean): void;
  /** -q: no notes, no progress, no spinner; errors and warnings still print. */
  setQuiet(quiet: boolean): void;
  /**
   * Text to stderr, on a terminal with every control in it escaped but its line breaks (terminal-text.ts):
   * what every message below goes through, the service's words in them included.
   */
  writeErr(text: string): void;
  /** A message for the user: stderr, never stdout; -q silences it. */
  note(line: string): void;
  /** A message that -q does not silence (what a partial failure left behind): stderr. */
  warn(line: string): void;
  /**
   * A request is pending: after 300 ms, an ora spinner on stderr saying `text`, until the returned function
   * is called (none off a terminal, under CI or -q, or while another spinner or progress line shows).
   */
  busy(text: string): () => void;
  /** Aborted on Ctrl-C (SIGINT), with a CancelledError as reason: pass it to whatever waits. */
  readonly signal: AbortSignal;
  /**
   * Runs `hook` when Ctrl-C comes, before `Cancelled.` is printed (a bulk add prints what it saved);
   * returns the function that removes it.
   */
  onInterrupt(hook: () => void): () => void;
  /** Ctrl-C: runs the hooks once, then aborts `signal`. main() calls it on SIGINT, the prompter on Ctrl-C. */
  interrupt(): void;
  /**
   * What the process waits for, at most `ms`, before it exits at once (a second Ctrl-C): a report worker
   * being ended, say. Returns the function that removes it.
   */
  holdExit(wait: (ms: number) => Promise<void>): () => void;
  /** Resolves once every hold is done, or after `ms`. */
  exitHeld(ms: number): Promise<void>;
  /**
   * An ora spinner on stderr when stdout, stdin and stderr are terminals and not under CI (cli.md: no
   * spinner when stdout or stdin is not a terminal); otherwise it does nothing.
   */
  spinner(text: string): Promise<Spinner>;
  /**
   * A progress line on stderr whenever stderr is a terminal outside CI, so `--all > file` shows how far it
   * got (as curl does); the caller keeps it off while records stream to the same terminal.
   */
  progress(text: string): Promise<Spinner>;
  /**
   * Another program (a pager) owns the screen until the returned function is called: spinners and progress
   * lines stop and none is drawn, and notes and warnings wait, to be written once it is called.
   */
  holdScreen(): () => void;
  /**
   * The command is about to follow many pages (--all, --limit): the running process tunes its heap for a long
   * walk (src/cli/system-io.ts); any other IO does nothing.
   */
  expectLongWalk(): void;
}

const silentSpinner: Spinner = { update() {}, stop() {} };

function isCI(env: NodeJS.ProcessEnv): boolean {
  return !!env.CI && env.CI !== 'false' && env.CI !== '0';
}

export interface IOInit {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  stdoutIsTTY: boolean;
  stdinIsTTY: boolean;
  stderrIsTTY: boolean;
  width: () => number;
  /** `wanted`: asked once the spinner could start (ora loaded); false draws nothing. */
  makeSpinner: (text: string, stream: NodeJS.WritableStream, wanted?: () => boolean) => Promise<Spinner>;
  expectLongWalk?: () => void;
}

const BUSY_DELAY_MS = 300;

/** What the IO hands on from where it runs, read when used. */
const PASSED_ON = ['stdout', 'stderr', 'stdin', 'stdoutIsTTY', 'stdinIsTTY', 'stderrIsTTY'] as const;

export function buildIO(init: IOInit): IO {
  let colorFlag = true;
  let noInput = false;
  let quiet = false;
  // Spinners and progress lines showing now: two on one line would overwrite each other.
  const live = new Set<Spinner>();
  // While a pager owns the screen: how many hold it, and the messages waiting for it to close.
  let held = 0;
  const waiting: string[] = [];
  // A spinner's text is one line, its own escapes added by ora around it.
  const draw = async (text: string): Promise<Spinner> => {
    if (held > 0) return silentSpinner;
    const s = await init.makeSpinner(terminalText(text), init.stderr, () => held === 0);
    let stopped = false;
    const spinner: Spinner = {
      update: (t) => {
        if (!stopped) s.update(terminalText(t));
      },
      stop() {
        if (stopped) return;
        stopped = true;
        live.delete(spinner);
        s.stop();
      },
    };
    live.add(spinner);
    // The screen was taken while ora loaded.
    if (held > 0) spinner.stop();
    return spinner;
  };
  // On a terminal ccp's messages are folded at spaces to its width, never inside a uuid or a serial.
  const writeErr = (text: string) => {
    if (held > 0) waiting.push(text);
    else if (!init.stderrIsTTY) void init.stderr.write(text);
    else void init.stderr.write(fitText(terminalText(text, { keepNewlines: true }), init.width()));
  };
  const terminal = () => init.stderrIsTTY && init.stdoutIsTTY && init.stdinIsTTY && !isCI(init.env);
  const interrupts = new AbortController();
  const hooks = new Set<() => void>();
  const holds = new Set<(ms: number) => Promise<void>>();
  let busyCount = 0;
  let busyTimer: NodeJS.Timeout | undefined;
  let busySpinner: Promise<Spinner | undefined> | undefined;
  const stopBusy = () => {
    clearTimeout(busyTimer);
    busyTimer = undefined;
    void busySpinner?.then((s) => s?.stop());
    busySpinner = undefined;
  };
  const io: Omit<IO, (typeof PASSED_ON)[number]> = {
    env: init.env,
    colorEnabled() {
      // cli.md: no colour when stdout or stdin is not a terminal, or under CI.
      if (!colorFlag || !init.stdoutIsTTY || !init.stdinIsTTY || isCI(init.env)) return false;
      // no-color.org: present and not empty disables colour.
      if (init.env.NO_COLOR !== undefined && init.env.NO_COLOR !== '') return false;
      if (init.env.TERM === 'dumb') return false;
      return true;
    },
    canPrompt() {
      return !noInput && init.stdinIsTTY && init.stdoutIsTTY && !isCI(init.env);
    },
    terminalWidth: init.width,
    setColor(enabled) {
      colorFlag = enabled;
    },
    setNoInput(value) {
      noInput = value;
    },
    setQuiet(value) {
      quiet = value;
    },
    writeErr,
    note(line) {
      if (!quiet) writeErr(line.endsWith('\n') ? line : `${line}\n`);
    },
    warn(line) {
      writeErr(line.endsWith('\n') ? line : `${line}\n`);
    },
    async spinner(text) {
      if (quiet || !terminal()) return silentSpinner;
      return draw(text);
    },
    async progress(text) {
      if (quiet || !init.stderrIsTTY || isCI(init.env)) return silentSpinner;
      return draw(text);
    },
    busy(text) {
      if (quiet || !terminal()) return () => {};
      if (busyCount++ === 0) {
        busyTimer = setTimeout(() => {
          busySpinner = live.size > 0 || interrupts.signal.aborted ? undefined : draw(text);
        }, BUSY_DELAY_MS);
        // A pending spinner never keeps the process alive.
        busyTimer.unref();
      }
      let done = false;
      return () => {
        if (done) return;
        done = true;
        if (--busyCount === 0) stopBusy();
      };
    },
    holdScreen() {
      held++;
      for (const spinner of [...live]) spinner.stop();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (--held > 0) return;
        for (const text of waiting.splice(0)) writeErr(text);
      };
    },
    expectLongWalk() {
      init.expectLongWalk?.();
    },
    signal: interrupts.signal,
    onInterrupt(hook) {
      hooks.add(hook);
      return () => hooks.delete(hook);
    },
    interrupt() {
      if (interrupts.signal.aborted) return;
      stopBusy();
      for (const hook of [...hooks]) hook();
      interrupts.abort(new CancelledError());
    },
    holdExit(wait) {
      holds.add(wait);
      return () => holds.delete(wait);
    },
    async exitHeld(ms) {
      await Promise.allSettled([...holds].map((wait) => wait(ms)));
    },
  };
  // Each read when used: process.stdout, stderr and stdin are made on first access, each with the stream
  // modules its kind of file needs.
  for (const key of PASSED_ON) Object.defineProperty(io, key, { get: () => init[key], enumerable: true });
  return io as IO;
}

export async function oraSpinner(
  text: string,
  stream: NodeJS.WritableStream,
  wanted: () => boolean = () => true,
): Promise<Spinner> {
  // A terminal of no width (a pseudo-terminal nobody sized) would have ora clear lines without end.
  if (!(stream as NodeJS.WriteStream).columns) return silentSpinner;
  const { default: ora } = await import('ora');
  // The screen may have been taken (a pager) while ora loaded.
  if (!wanted()) return silentSpinner;
  const s = ora({ text, stream: stream as NodeJS.WriteStream, discardStdin: false }).start();
  return {
    update(t) {
      s.text = t;
    },
    stop() {
      s.stop();
    },
  };
}
