import { CommanderError } from 'commander';
import { ApiError, AuthError, NetworkError, NotFoundError, OffOriginError } from '../api/errors.js';
import { ConfigError } from '../config/errors.js';
import { monotonicMs } from '../domain/clock.js';
import { ownWording } from '../kit/args.js';
import { CancelledError, ChecksFailedError, notCcpDatabase, UsageError } from '../kit/errors.js';
import { createFactory, type Factory } from '../kit/factory.js';
import type { IO } from '../kit/io.js';
import { reportLine } from '../kit/version.js';
import { oneLine, terminalJson, terminalText } from '../output/terminal-text.js';
import { holdHeapForLongWalks } from '../runtime/heap-for-long-walks.js';
import { buildProgram } from './program.js';
import { systemIO } from './system-io.js';

/** Exit codes (cli.md "Exit codes"); this module is the one place that maps errors to them. */
export const EXIT = {
  ok: 0,
  api: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  network: 5,
  /** A fault of ccp itself (sysexits EX_SOFTWARE), as bin/ccp.js exits when the CLI cannot load. */
  internal: 70,
  /** 128 + SIGINT, as shells report a command ended by Ctrl-C. */
  interrupted: 130,
} as const;

export interface RunDeps {
  io?: IO;
  factory?: Factory;
}

interface ErrorReport {
  code: string;
  reason: string;
  httpStatus: number | null;
  exitCode: number;
}

/** `-o json|ndjson` (or --json) as written on the command line, for errors raised before parsing ended. */
function jsonRequestedByArgv(argv: string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a === '--json') return true;
    const value =
      a === '-o' || a === '--output'
        ? argv[i + 1]
        : a.startsWith('--output=')
          ? a.slice(9)
          : a.startsWith('-o')
            ? a.slice(2)
            : undefined;
    if (value !== undefined && value !== '') return value === 'json' || value === 'ndjson';
  }
  return false;
}

const BASE_URL_HINT = "check --base-url (env CCP_BASE_URL, or the profile's base-url)";
const NETWORK_HINTS: Record<string, string> = {
  ECONNREFUSED: `${BASE_URL_HINT}: nothing accepts connections at that address`,
  ENOTFOUND: `${BASE_URL_HINT}: its host name is not known`,
  EAI_AGAIN: `${BASE_URL_HINT}, and this machine's name resolution`,
  EHOSTUNREACH: `${BASE_URL_HINT}, and this machine's network`,
  ENETUNREACH: `${BASE_URL_HINT}, and this machine's network`,
  TIMEOUT: 'a slow service needs a longer --timeout (500ms, 30s, 2m; a bare number is seconds)',
  UND_ERR_CONNECT_TIMEOUT: `${BASE_URL_HINT}: its host, port and scheme (http or https); a slow network needs a longer --timeout`,
};

/**
 * What an error says, for exit code, stderr and JSON. `own` shows the service's code and reason as one line
 * (escaped on a terminal, its line breaks shown as `\n` anywhere: a line break in a reason would pass for a
 * line of ccp's).
 */
function describe(
  err: unknown,
  own: (text: string) => string = (t) => t,
): ErrorReport & { text: string; hint?: string } {
  // A --db that names no database of ccp's, whichever command opened it: exit 2, saying how to make one.
  err = notCcpDatabase(err) ?? err;
  if (err instanceof CancelledError) {
    return {
      code: 'CANCELLED',
      reason: err.message,
      httpStatus: null,
      exitCode: EXIT.interrupted,
      text: err.message,
    };
  }
  if (err instanceof ChecksFailedError) {
    return {
      code: 'CHECKS_FAILED',
      reason: err.message,
      httpStatus: null,
      exitCode: err.exitCode,
      text: err.message,
    };
  }
  if (err instanceof UsageError || err instanceof ConfigError || err instanceof OffOriginError) {
    const hint = err instanceof UsageError ? err.hint : undefined;
    return {
      code: 'USAGE',
      reason: err.message,
      httpStatus: null,
      exitCode: EXIT.usage,
      text: err.message,
      hint,
    };
  }
  if (err instanceof ApiError) {
    let hint: string | undefined;
    // nginx's default underscores_in_headers off drops `time_zone` on its way to the service.
    if (err.httpStatus === 406 && /time_zone/.test(err.reason)) {
      hint =
        'ccp did send the time_zone header: a proxy in front of the service dropped it (nginx drops header names with underscores unless `underscores_in_headers on;`)';
    }
    const exitCode =
      err instanceof AuthError ? EXIT.auth : err instanceof NotFoundError ? EXIT.notFound : EXIT.api;
    return {
      code: err.code,
      reason: err.reason,
      httpStatus: err.httpStatus,
      exitCode,
      text: `${own(err.code)} ${own(err.message)}${err.httpStatus === null ? '' : ` (HTTP ${err.httpStatus})`}`,
      hint,
    };
  }
  if (err instanceof NetworkError) {
    return {
      code: err.code,
      reason: err.message,
      httpStatus: null,
      exitCode: EXIT.network,
      text: err.message,
      hint: err.hint ?? NETWORK_HINTS[err.code],
    };
  }
  const message = err instanceof Error ? err.message : String(err);
  return {
    code: 'INTERNAL',
    reason: message,
    httpStatus: null,
    exitCode: EXIT.internal,
    text: `internal error: ${message}`,
  };
}

// A SIGINT may come twice for one Ctrl-C (a dependency's exit hook sends it again): the words print once.
const cancelled = new WeakSet<IO>();

function sayCancelled(io: IO): void {
  if (cancelled.has(io)) return;
  cancelled.add(io);
  io.stderr.write('Cancelled.\n');
}

function isBrokenPipe(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'EPIPE';
}

/** Runs one command line and returns its exit code; never exits the process. */
export async function run(argv: string[], deps: RunDeps = {}): Promise<number> {
  const io = deps.io ?? systemIO();
  const f = deps.factory ?? createFactory({ io });
  const program = buildProgram(f);
  let exitCode: number = EXIT.ok;
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version exit 0; every other commander error (already printed) is a usage error.
      exitCode = err.exitCode === 0 ? EXIT.ok : EXIT.usage;
      if (exitCode !== EXIT.ok && (await wantsJsonErrors(f, argv))) {
        const reason = ownWording(err.message).replace(/^error: /, '');
        writeJsonError(io, { code: 'USAGE', reason, httpStatus: null, exitCode });
      }
    } else if (isBrokenPipe(err)) {
      // The reader went away (`| head`): not an error of ours.
      exitCode = EXIT.ok;
    } else {
      // After Ctrl-C, whatever the command failed with is the interruption's doing.
      const d = describe(
        io.signal.aborted ? new CancelledError() : err,
        io.stderrIsTTY ? terminalText : oneLine,
      );
      if (err instanceof AuthError && err.httpStatus === 401) d.hint ??= await tokenHint(f);
      exitCode = d.exitCode;
      // The reason is the service's (or a file's) text: on a terminal its controls show escaped.
      if (d.code === 'CANCELLED') sayCancelled(io);
      else io.writeErr(`ccp: ${d.text}\n`);
      if (d.hint) io.writeErr(`hint: ${d.hint}\n`);
      if (d.exitCode === EXIT.internal) {
        if (f.globals().verbose && err instanceof Error && err.stack) io.writeErr(`${err.stack}\n`);
        // A fault of ours, not of the input or the service: say where to tell us.
        const report = reportLine();
        if (report) io.writeErr(`${report} (with the command and --verbose output)\n`);
      }
      if (await wantsJsonErrors(f, argv)) {
        writeJsonError(io, {
          code: d.code,
          reason: d.reason,
          httpStatus: d.httpStatus,
          exitCode: d.exitCode,
        });
      }
    }
  } finally {
    await f.dispose().catch(() => undefined);
  }
  return exitCode;
}

/** A 401 names where the token came from, as gh names the host and the token's source. */
async function tokenHint(f: Factory): Promise<string> {
  const c = await f.credentials().catch(() => undefined);
  const cfg = await f.config().catch(() => undefined);
  // The 401 came from the client api() made: its address is the one the token went to.
  const target = await f.api().then(
    (api) => new URL(api.baseUrl).origin,
    () => cfg?.baseUrl ?? 'the service',
  );
  const sent = f.sent();
  // `login` checking what it was given: the token it sent was refused, and running login is what they do.
  if (sent?.checking)
    return `the token was refused by ${target}: check it, and how the service takes it (--auth-scheme)`;
  if (!(sent?.token ?? c?.token)) {
    return `no token was sent to ${target}: pass --token - (stdin), set CCP_TOKEN, or run ccp login`;
  }
  return `the token sent to ${target} came from ${c?.origin ?? 'the embedded server'}${cfg ? ` (profile ${cfg.profile})` : ''}; check it, or run ccp login`;
}

async function wantsJsonErrors(f: Factory, argv: string[]): Promise<boolean> {
  const g = f.globals();
  if (g.json) return true;
  if (g.output !== undefined) return g.output === 'json' || g.output === 'ndjson';
  if (jsonRequestedByArgv(argv.slice(2))) return true;
  // A profile (or CCP_OUTPUT) may choose the format; a configuration that cannot be read chooses nothing.
  const output = await f.config().then(
    (c) => c.output,
    () => undefined,
  );
  return output === 'json' || output === 'ndjson';
}

/** The error as one JSON line on stderr: on a terminal the reason's controls escaped, still the same JSON. */
function writeJsonError(io: IO, report: ErrorReport): void {
  const text = `${JSON.stringify(report)}\n`;
  io.stderr.write(io.stderrIsTTY ? terminalJson(text) : text);
}

// After Ctrl-C a command has this long to stop on its own and say what it did (aborted requests and prompts
// end at once) before the process is ended for it: a read of a terminal's stdin, say, never ends by itself.
const INTERRUPT_GRACE_MS = 2000;
// conf's exit hook (when-exit) sends SIGINT again as soon as it sees one: a second SIGINT this close to the
// first is that echo, not a person pressing Ctrl-C twice.
const ECHO_MS = 300;

/**
 * Ctrl-C: the first runs the command's interrupt hooks and aborts io.signal, so the command fails and run()
 * reports `Cancelled.` (exit 130); a second, or a command still running after the grace time, ends the
 * process with the same words. A command that stops on SIGINT by design (server start) just returns.
 */
function handleSigint(io: IO, finished: () => boolean): () => void {
  let first = 0;
  const end = () => {
    if (finished()) return;
    sayCancelled(io);
    process.exit(EXIT.interrupted);
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
  // Only a walk of many pages (--all, --limit) grows the heap this tuning is for; other commands skip it.
  if (argv.some((a) => a === '--all' || a === '--limit' || a.startsWith('--limit='))) holdHeapForLongWalks();
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
