// An IO over in-memory streams, for tests: what was written, as strings, and terminals as the test says.
import { PassThrough, Readable } from 'node:stream';
import { buildIO, type IO } from '../../src/kit/io.js';

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
