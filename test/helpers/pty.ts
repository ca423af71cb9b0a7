/**
 * `ccp` on a pseudo-terminal, through util-linux `script -q -f -c CMD /dev/null`: stdin, stdout and
 * stderr are all the terminal, as for a person typing. The terminal is sized (80x24 unless told) first, as a real one
 * is; keys are written to script's stdin and reach ccp as typed (Ctrl-C included).
 */
import { spawn } from 'node:child_process';
import { BIN, ensureBuilt, ROOT } from './cli.js';

export interface PtyRun {
  /** Everything the terminal showed so far, with the time (ms since start) each chunk came. */
  chunks: Array<{ at: number; text: string }>;
  text(): string;
  /** Types into the terminal. */
  type(keys: string): void;
  /** Resolves once `pattern` has been shown; rejects after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<number>;
  /** ccp's exit code (script -e passes it on) and the time it took, in ms. */
  exited: Promise<{ code: number | null; ms: number }>;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function runInPty(
  args: string[],
  env: NodeJS.ProcessEnv,
  size: { cols?: number; rows?: number } = {},
): PtyRun {
  ensureBuilt();
  const command = `stty cols ${size.cols ?? 80} rows ${size.rows ?? 24}; exec ${quote(process.execPath)} ${quote(BIN)} ${args.map(quote).join(' ')}`;
  const started = Date.now();
  const child = spawn('script', ['-q', '-f', '-e', '-c', command, '/dev/null'], {
    cwd: ROOT,
    env: { TERM: 'xterm', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const chunks: PtyRun['chunks'] = [];
  const waiters = new Set<() => void>();
  // Decoded across chunks: a character whose bytes two reads split stays one character.
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (c: string) => {
    chunks.push({ at: Date.now() - started, text: c });
    for (const w of waiters) w();
  });
  const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(kill);
      resolve({ code, ms: Date.now() - started });
    }),
  );
  const text = () => chunks.map((c) => c.text).join('');
  return {
    chunks,
    text,
    type: (keys) => child.stdin.write(keys),
    exited,
    waitFor(pattern, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!pattern.test(text())) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(Date.now() - started);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${pattern} not shown; the terminal showed: ${JSON.stringify(text())}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
