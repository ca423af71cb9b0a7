/**
 * Running `ccp` in tests, two ways:
 *  - `runCli(argv, opts)`: in-process, through the real `run()` of src/cli/main.ts over a test IO (strings
 *    for stdout/stderr, TTY toggles), so a test sees exactly what a user would and the exit code.
 *  - `spawnCcp(args, opts)`: the built `bin/ccp.js` in a child process (end-to-end tests); `ensureBuilt()`
 *    builds dist/ once when it is missing (`npm test` builds before running vitest).
 * Both take an environment made by `isolatedEnv(dir)`: HOME, config and data directories inside a temp dir,
 * and none of the caller's CCP_* variables, so no test reads or writes the developer's own profile.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { run } from '../../src/cli/main.js';
import { type Clock, fixedClock } from '../../src/domain/clock.js';
import { scriptedPrompter } from '../../src/kit/prompter.js';
import { ORG, USER } from '../fixtures/basic-ids.js';
import { buildIfStale } from './fresh-build.js';
import { startTestServer, type TestServer, type TestServerOptions, type Tokens } from './server.js';
import { type TestIOOptions, testIO } from './test-io.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = join(ROOT, 'bin', 'ccp.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** An environment whose HOME, XDG dirs and config dir are under `dir`; no CCP_* variable leaks in. */
export function isolatedEnv(dir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith('CCP_') && k !== 'NO_COLOR' && k !== 'FORCE_COLOR' && k !== 'CI') env[k] = v;
  }
  return {
    ...env,
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_DATA_HOME: join(dir, 'data'),
    TZ: 'UTC',
    ...extra,
  };
}

export async function tempDir(prefix = 'ccp-cli-'): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A temp folder and an isolated environment in it for the tests of the describe (or file) that calls this:
 * made before them, removed after them. Read its fields inside the tests, once they are set.
 */
export function suiteTemp(prefix: string): { dir: string; env: NodeJS.ProcessEnv } {
  const suite = { dir: '', env: {} as NodeJS.ProcessEnv };
  let tmp: Awaited<ReturnType<typeof tempDir>> | undefined;
  beforeAll(async () => {
    tmp = await tempDir(prefix);
    suite.dir = tmp.dir;
    suite.env = isolatedEnv(tmp.dir);
  });
  afterAll(async () => {
    await tmp?.remove();
  });
  return suite;
}

/** `edgedevice add` into the basic fixture's root organization as its admin, then `rest`. */
export const addAsAdmin = (...rest: string[]): string[] => [
  'edgedevice',
  'add',
  '--org',
  ORG.root,
  '--user',
  USER.admin,
  ...rest,
];

export interface RunCliOptions extends Omit<TestIOOptions, 'env'> {
  env: NodeJS.ProcessEnv;
  clock?: Clock;
  answers?: Array<string | boolean>;
}

/** Runs `ccp <args>` in-process over a test IO; returns the exit code and what was written. */
export async function runCli(args: string[], opts: RunCliOptions): Promise<CliResult & { asked: string[] }> {
  const io = testIO({ ...opts, env: opts.env });
  const prompter = scriptedPrompter([...(opts.answers ?? [])]);
  const code = await run(['node', 'ccp', ...args], {
    io,
    prompter,
    clock: opts.clock ?? fixedClock(Date.now()),
  });
  // Let the PassThrough streams deliver what was written last.
  await new Promise((r) => setImmediate(r));
  return { code, stdout: io.out(), stderr: io.err(), asked: prompter.asked };
}

let built = false;

/** Builds dist/ when a source is newer than it (a test run started outside `npm test` after an edit). */
export function ensureBuilt(): void {
  if (built) return;
  buildIfStale();
  built = true;
}

export interface SpawnOptions {
  env: NodeJS.ProcessEnv;
  /** What stdin gets: a string as UTF-8, or bytes as they are. */
  input?: string | Uint8Array;
  timeoutMs?: number;
}

/** Spawns `node bin/ccp.js <args>` and collects its output; stdin gets `input` (or is closed at once). */
export function spawnCcp(args: string[], opts: SpawnOptions): Promise<CliResult> {
  ensureBuilt();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: opts.env, cwd: ROOT, stdio: 'pipe' });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 25_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code: code ?? (signal ? 128 : -1),
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** Parses ndjson output into records (fails the test on a bad line through JSON.parse). */
export function ndjson(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** A test server, and an isolated environment that points ccp at it with one role's token. */
export interface CliTarget {
  srv: TestServer;
  env: NodeJS.ProcessEnv;
  /** A temp folder of the test's own (also its HOME). */
  dir: string;
  close(): Promise<void>;
}

export async function startCliTarget(
  opts: { role?: keyof Tokens; env?: NodeJS.ProcessEnv; server?: TestServerOptions } = {},
): Promise<CliTarget> {
  const srv = await startTestServer(opts.server);
  const tmp = await tempDir();
  const env = isolatedEnv(tmp.dir, {
    CCP_BASE_URL: srv.url,
    CCP_TOKEN: srv.tokens[opts.role ?? 'admin'],
    ...opts.env,
  });
  return {
    srv,
    env,
    dir: tmp.dir,
    close: async () => {
      await srv.close();
      await tmp.remove();
    },
  };
}
