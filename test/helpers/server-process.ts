/**
 * `ccp server start` as a child process on a database file, for tests of several processes on one file and
 * of crashes: resolves once it listens, with its URL; `stop` sends a signal and waits for the exit.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { BIN, ensureBuilt, ROOT } from './cli.js';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function startServerProcess(dbPath: string, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  ensureBuilt();
  const child = spawn(process.execPath, [BIN, 'server', 'start', '--port', '0', '--db', dbPath], {
    env,
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 60_000);
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${stderr}`)));
    child.stderr!.on('data', (c: Buffer) => {
      stderr += c.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1]!,
          child,
          stderr: () => stderr,
          async stop(signal = 'SIGTERM') {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    });
  });
}
