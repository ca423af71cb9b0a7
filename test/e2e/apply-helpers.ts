/**
 * For the apply tests: a loopback proxy in front of the test server that records every request (method,
 * path, body) so a test can count what a command sent, and can act when a given request arrives.
 */
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BIN, type CliResult, ensureBuilt, ROOT } from '../helpers/cli.js';

export interface Seen {
  method: string;
  path: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read the envelopes they sent
  body: any;
}

export interface CountingProxy {
  url: string;
  seen: Seen[];
  /** Requests other than GET. */
  writes(): Seen[];
  reset(): void;
  /** Called when a request arrives, before it is forwarded; a returned promise delays the forwarding. */
  onRequest?: (s: Seen, index: number) => void | Promise<void>;
  close(): Promise<void>;
}

export async function countingProxy(target: string): Promise<CountingProxy> {
  const to = new URL(target);
  const proxy: CountingProxy = {
    url: '',
    seen: [],
    writes: () => proxy.seen.filter((s) => s.method !== 'GET'),
    reset: () => {
      proxy.seen = [];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      let body: unknown;
      try {
        body = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined;
      } catch {
        body = raw.toString('utf8');
      }
      const seen: Seen = { method: req.method ?? '', path: (req.url ?? '').split('?')[0]!, body };
      proxy.seen.push(seen);
      await proxy.onRequest?.(seen, proxy.seen.length - 1);
      const out = request(
        { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      out.end(raw);
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

/** Spawns `ccp` with a handle on the child, so a test can signal it while it runs. */
export function spawnCcpHandle(
  args: string[],
  opts: { env: NodeJS.ProcessEnv; input?: string },
): { kill: (signal: NodeJS.Signals) => void; done: Promise<CliResult> } {
  ensureBuilt();
  const child = spawn(process.execPath, [BIN, ...args], { env: opts.env, cwd: ROOT, stdio: 'pipe' });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => out.push(c));
  child.stderr.on('data', (c: Buffer) => err.push(c));
  child.stdin.end(opts.input ?? '');
  const done = new Promise<CliResult>((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code: code ?? (signal ? 128 : -1),
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
  });
  return { kill: (signal) => child.kill(signal), done };
}

/**
 * Runs `ccp` on a pseudo-terminal (util-linux `script`), typing `input` once `waitFor` shows in its output
 * (with no `waitFor`, at once); returns everything the terminal showed and the exit code.
 */
function termEnv(env: NodeJS.ProcessEnv, term: string | undefined): NodeJS.ProcessEnv {
  const out = { ...env, TERM: term };
  if (term === undefined) delete out.TERM;
  return out;
}

export function onTerminal(
  args: string[],
  // term: the terminal's TERM (xterm unless given; undefined in the options leaves it unset).
  opts: { env: NodeJS.ProcessEnv; waitFor?: RegExp; input: string; term?: string | undefined },
): Promise<{ code: number; output: string }> {
  ensureBuilt();
  const quote = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;
  // A pseudo-terminal without a size is 0 columns wide, which spinners cannot draw on: give it one.
  const command = `stty cols 160 rows 50; ${[process.execPath, BIN, ...args].map(quote).join(' ')}`;
  const child = spawn('script', ['-q', '-f', '-e', '-c', command, '/dev/null'], {
    env: termEnv(opts.env, 'term' in opts ? opts.term : 'xterm'),
    cwd: ROOT,
    stdio: 'pipe',
  });
  let output = '';
  let typed = false;
  if (!opts.waitFor) {
    typed = true;
    child.stdin.end(opts.input);
  }
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString('utf8');
    if (!typed && opts.waitFor?.test(output)) {
      typed = true;
      // script forwards its input to the terminal and ends when both the command and its input have.
      child.stdin.end(opts.input);
    }
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, output });
    });
  });
}
