// What a failed command prints on stderr: its line (`ccp: ...`), a hint where one helps, and under json or
// ndjson output the same as one JSON object.
import { CommanderError } from 'commander';
import { ApiError, AuthError, NetworkError } from '../api/request-errors.js';
import { ownWording } from '../kit/args.js';
import { CancelledError, notCcpDatabase, UsageError } from '../kit/command-errors.js';
import type { Factory } from '../kit/factory.js';
import type { IO } from '../kit/io.js';
import { chosenFormat, type OutputFlags } from '../kit/printing.js';
import { reportLine } from '../kit/version.js';
import { isJsonFormat, type OutputFormat } from '../output/formats.js';
import { oneLine, terminalJson, terminalText } from '../output/terminal-text.js';
import { commanderExitCode, describeError, type ErrorReport, EXIT, isBrokenPipe } from './exit-codes.js';
import { sayCancelled } from './interrupt.js';

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

/** What the user can do about an error, where ccp knows more than the error says. */
async function hintFor(err: unknown, f: Factory): Promise<string | undefined> {
  if (err instanceof UsageError || (err instanceof ApiError && err.hint)) return err.hint;
  if (err instanceof NetworkError) return err.hint ?? NETWORK_HINTS[err.code];
  if (err instanceof AuthError && err.httpStatus === 401) return tokenHint(f);
  // nginx's default underscores_in_headers off drops `time_zone` on its way to the service.
  if (err instanceof ApiError && err.httpStatus === 406 && /time_zone/.test(err.reason)) {
    return 'ccp did send the time_zone header: a proxy in front of the service dropped it (nginx drops header names with underscores unless `underscores_in_headers on;`)';
  }
  return undefined;
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
  const sent = await f.api().then(
    (api) => api.sendsToken,
    () => undefined,
  );
  if (!(sent ?? c?.token)) {
    return `no token was sent to ${target}: pass --token - (stdin), set CCP_TOKEN, or run ccp login`;
  }
  return `the token sent to ${target} came from ${c?.origin ?? 'the embedded server'}${cfg ? ` (profile ${cfg.profile})` : ''}; check it, or run ccp login`;
}

/**
 * Whether errors are JSON too: the format the output flags (as commander parsed them, before the command's
 * action or without it) or the profile chose. A configuration that cannot be read chooses nothing.
 */
async function jsonErrors(f: Factory, flags: OutputFlags): Promise<boolean> {
  const format = await chosenFormat(flags, () =>
    f.config().then(
      (c) => c.output as OutputFormat | undefined,
      () => undefined,
    ),
  );
  return isJsonFormat(format);
}

/** The error as one JSON line on stderr: on a terminal the reason's controls escaped, still the same JSON. */
function writeJsonError(io: IO, report: ErrorReport): void {
  const text = `${JSON.stringify(report)}\n`;
  io.stderr.write(io.stderrIsTTY ? terminalJson(text) : text);
}

/**
 * Tells what `err` ended the command with, on stderr, and returns the exit code. `flags`: the output flags
 * commander parsed.
 */
export async function reportError(err: unknown, io: IO, f: Factory, flags: OutputFlags): Promise<number> {
  if (err instanceof CommanderError) {
    const exitCode = commanderExitCode(err);
    if (exitCode !== EXIT.ok && (await jsonErrors(f, flags))) {
      const reason = ownWording(err.message).replace(/^error: /, '');
      writeJsonError(io, { code: 'USAGE', reason, httpStatus: null, exitCode });
    }
    return exitCode;
  }
  if (isBrokenPipe(err)) return EXIT.ok;
  // After Ctrl-C, whatever the command failed with is the interruption's doing. A --db that names no
  // database of ccp's, whichever command opened it: a usage error (exit 2), saying how to make one.
  const cause = io.signal.aborted ? new CancelledError() : (notCcpDatabase(err) ?? err);
  // The reason is the service's (or a file's) text: on a terminal its controls show escaped.
  const d = describeError(cause, io.stderrIsTTY ? terminalText : oneLine);
  const hint = await hintFor(cause, f);
  if (d.code === 'CANCELLED') sayCancelled(io);
  else io.writeErr(`ccp: ${d.text}\n`);
  if (hint) io.writeErr(`hint: ${hint}\n`);
  if (d.exitCode === EXIT.internal) {
    if (f.globals().verbose && err instanceof Error && err.stack) io.writeErr(`${err.stack}\n`);
    // A fault of ours, not of the input or the service: say where to tell us.
    const report = reportLine();
    if (report) io.writeErr(`${report} (with the command and --verbose output)\n`);
  }
  if (await jsonErrors(f, flags)) {
    writeJsonError(io, { code: d.code, reason: d.reason, httpStatus: d.httpStatus, exitCode: d.exitCode });
  }
  return d.exitCode;
}
