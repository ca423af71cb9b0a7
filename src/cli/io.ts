import { EventEmitter } from 'node:events';
import { fstatSync, writeSync } from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { CancelledError } from './errors.js';

export interface Spinner {
  update(text: string): void;
  stop(): void;
}

export interface IO {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
  readonly env: NodeJS.ProcessEnv;
  readonly stdoutIsTTY: boolean;
  readonly stdinIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  /**
   * Text for stdout written whole at once (help, usage): on the process's stdout, without making
   * process.stdout where nothing has yet (a pipe's stream and its modules cost about a fifth of node's own
   * start-up).
   */
  print(text: string): void;
  /**
   * Where a command's records go: stdout, written to its descriptor directly (as print does) while nothing
   * has made process.stdout and the descriptor is no terminal.
   */
  readonly output: NodeJS.WritableStream;
  /** Colour only when stdout and stdin are terminals, never under NO_COLOR, --no-color, TERM=dumb or CI. */
  colorEnabled(): boolean;
  /** Prompts only when stdin and stdout are terminals, outside CI and without --no-input. */
  canPrompt(): boolean;
  terminalWidth(): number;
  setColor(enabled: boolean): void;
  setNoInput(noInput: boolean): void;
  /** -q: no notes, no progress, no spinner; errors and warnings still print. */
  setQuiet(quiet: boolean): void;
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
   * An ora spinner on stderr when stdout, stdin and stderr are terminals and not under CI (cli.md: no
   * spinner when stdout or stdin is not a terminal); otherwise it does nothing.
   */
  spinner(text: string): Promise<Spinner>;
  /**
   * A progress line on stderr whenever stderr is a terminal outside CI, so `--all > file` shows how far it
   * got (as curl does); the caller keeps it off while records stream to the same terminal.
   */
  progress(text: string): Promise<Spinner>;
}

const silentSpinner: Spinner = { update() {}, stop() {} };

function isCI(env: NodeJS.ProcessEnv): boolean {
  return !!env.CI && env.CI !== 'false' && env.CI !== '0';
}

interface IOInit {
  print?: (text: string) => void;
  output?: NodeJS.WritableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  stdoutIsTTY: boolean;
  stdinIsTTY: boolean;
  stderrIsTTY: boolean;
  width: () => number;
  makeSpinner: (text: string, stream: NodeJS.WritableStream) => Promise<Spinner>;
}

const BUSY_DELAY_MS = 300;

function buildIO(init: IOInit): IO {
  let colorFlag = true;
  let noInput = false;
  let quiet = false;
  // Spinners and progress lines showing now: two on one line would overwrite each other.
  let drawn = 0;
  const draw = async (text: string): Promise<Spinner> => {
    const s = await init.makeSpinner(text, init.stderr);
    drawn++;
    let stopped = false;
    return {
      update: (t) => s.update(t),
      stop() {
        if (stopped) return;
        stopped = true;
        drawn--;
        s.stop();
      },
    };
  };
  const terminal = () => init.stderrIsTTY && init.stdoutIsTTY && init.stdinIsTTY && !isCI(init.env);
  const interrupts = new AbortController();
  const hooks = new Set<() => void>();
  let busyCount = 0;
  let busyTimer: NodeJS.Timeout | undefined;
  let busySpinner: Promise<Spinner | undefined> | undefined;
  const stopBusy = () => {
    clearTimeout(busyTimer);
    busyTimer = undefined;
    void busySpinner?.then((s) => s?.stop());
    busySpinner = undefined;
  };
  // Each read when used: process.stdout, stderr and stdin are made on first access, each with the stream
  // modules its kind of file needs.
  return {
    get stdout() {
      return init.stdout;
    },
    get stderr() {
      return init.stderr;
    },
    get stdin() {
      return init.stdin;
    },
    env: init.env,
    get stdoutIsTTY() {
      return init.stdoutIsTTY;
    },
    get stdinIsTTY() {
      return init.stdinIsTTY;
    },
    get stderrIsTTY() {
      return init.stderrIsTTY;
    },
    print(text) {
      if (init.print) init.print(text);
      else init.stdout.write(text);
    },
    get output() {
      return init.output ?? init.stdout;
    },
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
    note(line) {
      if (!quiet) init.stderr.write(line.endsWith('\n') ? line : `${line}\n`);
    },
    warn(line) {
      init.stderr.write(line.endsWith('\n') ? line : `${line}\n`);
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
          busySpinner = drawn > 0 || interrupts.signal.aborted ? undefined : draw(text);
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
  };
}

async function oraSpinner(text: string, stream: NodeJS.WritableStream): Promise<Spinner> {
  // A terminal of no width (a pseudo-terminal nobody sized) would have ora clear lines without end.
  if (!(stream as NodeJS.WriteStream).columns) return silentSpinner;
  const { default: ora } = await import('ora');
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

/**
 * isatty(fd), without node:tty (which loads net and the stream modules) where fd is plainly no terminal: a
 * terminal is a character device, a pipe or a file is not. node:tty loads only when it is asked.
 */
function isTerminal(fd: number): boolean {
  try {
    if (!fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  return (process.getBuiltinModule('node:tty') as typeof import('node:tty')).isatty(fd);
}

function isBrokenPipe(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'EPIPE';
}

/**
 * Writes `bytes` to descriptor 1 from `at` on; returns how far it got: all of it, or less where the
 * descriptor would block (a non-blocking pipe that is full). A reader that went away throws EPIPE.
 */
function writeOut(bytes: Buffer, at = 0): number {
  try {
    while (at < bytes.length) at += writeSync(1, bytes, at);
  } catch (err) {
    if ((err as { code?: string }).code !== 'EAGAIN') throw err;
  }
  return at;
}

/**
 * Stdout as the record writer (output/sink.ts) uses a stream: text written to descriptor 1 at once, as
 * process.stdout writes to a pipe or a file anyway, without making it (and loading the stream modules).
 * Once process.stdout exists, or the descriptor cannot take a write whole, the rest goes through it, so
 * nothing is ever overtaken; a reader that went away closes this stream as it would close process.stdout.
 */
class DescriptorOut extends EventEmitter {
  readonly writableHighWaterMark = 16_384;
  destroyed = false;

  constructor(
    private readonly stream: () => NodeJS.WriteStream | undefined,
    private readonly make: () => NodeJS.WriteStream,
  ) {
    super();
  }

  write(chunk: string | Uint8Array): boolean {
    const made = this.stream();
    if (made) return this.handOver(made, chunk);
    // Bytes are written where they lie (a page of records as the service sent them, hundreds of KB): the
    // writer hands each over once and never changes it.
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk)
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let at: number;
    try {
      at = writeOut(bytes);
    } catch (err) {
      if (!isBrokenPipe(err)) throw err;
      this.destroyed = true;
      return true;
    }
    return at === bytes.length || this.handOver(this.make(), bytes.subarray(at));
  }

  /**
   * A write through process.stdout; when it asks the writer to wait, its 'drain' is this stream's, which the
   * writer waits for (a descriptor made non-blocking, as node makes a pipe once process.stdout exists, takes
   * only what fits).
   */
  private handOver(made: NodeJS.WriteStream, chunk: string | Uint8Array): boolean {
    if (made.write(chunk)) return true;
    const drained = () => {
      made.removeListener('close', closed);
      this.emit('drain');
    };
    // A reader that goes away closes process.stdout without a drain.
    const closed = () => {
      made.removeListener('drain', drained);
      this.destroyed = true;
      this.emit('close');
    };
    made.once('drain', drained);
    made.once('close', closed);
    return false;
  }

  end(): this {
    return this;
  }
}

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
      return made();
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
    print(text) {
      // Writes to a pipe, a file or a terminal are synchronous for process.stdout too on the systems ccp
      // runs on, so nothing it holds can be overtaken; a descriptor that cannot take the text at once hands
      // the rest to the stream.
      if (stdout) return void stdout.write(text);
      const bytes = Buffer.from(text);
      try {
        const at = writeOut(bytes);
        if (at < bytes.length) made().write(bytes.subarray(at));
      } catch (err) {
        if (!isBrokenPipe(err)) throw err;
      }
    },
    get output() {
      if (stdout || terminal(1)) return made();
      descriptorOut ??= new DescriptorOut(() => stdout, made);
      return descriptorOut as unknown as NodeJS.WritableStream;
    },
    width: () => (terminal(1) ? made().columns || 80 : 80),
    makeSpinner: oraSpinner,
  });
}

export interface TestIO extends IO {
  /** Everything written to stdout so far. */
  out(): string;
  /** Everything written to stderr so far. */
  err(): string;
  /** Spinner texts shown, in order (test spinners record instead of drawing). */
  spinnerTexts: string[];
}

export interface TestIOOptions {
  stdoutIsTTY?: boolean;
  stdinIsTTY?: boolean;
  stderrIsTTY?: boolean;
  env?: NodeJS.ProcessEnv;
  stdin?: string | NodeJS.ReadableStream;
  width?: number;
}

/** An IO over in-memory streams, for tests. */
export function testIO(opts: TestIOOptions = {}): TestIO {
  const outChunks: Buffer[] = [];
  const errChunks: Buffer[] = [];
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on('data', (c: Buffer) => outChunks.push(c));
  stderr.on('data', (c: Buffer) => errChunks.push(c));
  const stdin =
    typeof opts.stdin === 'string'
      ? Readable.from([Buffer.from(opts.stdin)])
      : (opts.stdin ?? Readable.from([]));
  const spinnerTexts: string[] = [];
  const io = buildIO({
    stdout,
    stderr,
    stdin,
    env: opts.env ?? {},
    stdoutIsTTY: opts.stdoutIsTTY ?? false,
    stdinIsTTY: opts.stdinIsTTY ?? false,
    stderrIsTTY: opts.stderrIsTTY ?? false,
    width: () => opts.width ?? 100,
    makeSpinner: async (text) => {
      spinnerTexts.push(text);
      return {
        update: (t) => spinnerTexts.push(t),
        stop() {},
      };
    },
  });
  return {
    ...io,
    out: () => Buffer.concat(outChunks).toString('utf8'),
    err: () => Buffer.concat(errChunks).toString('utf8'),
    spinnerTexts,
  };
}
