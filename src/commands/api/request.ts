import { InvalidArgumentError, Option } from 'commander';
import type { HttpMethod } from '../../api/client.js';
import { isEnvelope, isResponseEnvelope } from '../../api/envelope-shape.js';
import { MAX_DEPTH, textTooDeepAt } from '../../domain/depth.js';
import { defineCommand } from '../../kit/command.js';
import { UsageError } from '../../kit/command-errors.js';
import type { IO } from '../../kit/io.js';
import { type DryRunTarget, dryRunTarget, printDryRun } from '../../kit/write/dry-run.js';
import { addDryRunFlag, type WriteFlags } from '../../kit/write/flags.js';
import { type WriteDeps, writeDeps } from '../../kit/write/send.js';
import { onTerminal } from '../../output/terminal-text.js';

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

export interface ApiRequestOptions {
  method: HttpMethod;
  path: string;
  /** A path, `-` for stdin, or undefined for an empty envelope. */
  file?: string;
  /** With --dry-run, where the request would go: it is printed and nothing is sent. */
  dryRun?: DryRunTarget;
}

function methodArg(text: string): HttpMethod {
  const m = text.toUpperCase() as HttpMethod;
  if (!METHODS.includes(m)) throw new InvalidArgumentError(`expected one of ${METHODS.join(', ')}`);
  return m;
}

/**
 * A plain path on the base URL, nothing the URL parser would read as another origin: it drops spaces and
 * controls around a URL and tabs and line breaks inside it, and reads `\\` as `/`, so ` http://host/x`,
 * `ht\ntp://host` and `http:\\host` would all leave the base URL with the profile's credentials.
 */
function pathArg(text: string): string {
  const notAPath = 'give a path such as /codes, not a URL (use --base-url)';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(text) || text !== text.trim()) {
    throw new InvalidArgumentError(`${notAPath}: no spaces around it, no control characters or backslashes`);
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//')) throw new InvalidArgumentError(notAPath);
  return text.startsWith('/') ? text : `/${text}`;
}

export const apiRequest = defineCommand<ApiRequestOptions>({
  name: 'api',
  description: 'Send any request: the envelope from a file (or stdin), the whole response envelope printed',
  examples: [
    "ccp api GET '/codeTypes/0?pageSize=5'",
    'echo \'[{"uuid":"19d70c8a-defd-4f15-a63c-32613821c3f8"}]\' | ccp api POST /codes -f -',
    'ccp api PUT /org/update -f org.json',
    'ccp api PUT /org/update -f org.json --dry-run',
    '# the exit code follows the statusCode: 0 for OK, 1 for a service error, 3/4 for 401/403/404',
  ],
  declare: (cmd) =>
    addDryRunFlag(
      cmd
        .argument('<method>', `HTTP method: ${METHODS.join(', ')}`, methodArg)
        .argument('<path>', 'path with query, e.g. /edgedevice/all/0?pageSize=5', pathArg)
        .addOption(
          new Option(
            '-f, --file <file>',
            'request body: an envelope or a bare array of records; - for stdin',
          ),
        ),
    ),
  parse: async (f, { args, flags }) => {
    const { file, dryRun } = flags as { file?: string } & WriteFlags;
    return {
      method: args[0] as HttpMethod,
      path: args[1] as string,
      file,
      dryRun: dryRun ? await dryRunTarget(f) : undefined,
    };
  },
  run: (opts, f) => runApiRequest(opts, writeDeps(f)),
});

async function readBody(io: IO, file: string): Promise<unknown> {
  const where = file === '-' ? 'stdin' : file;
  let text: string;
  try {
    text =
      file === '-'
        ? await (await import('node:stream/consumers')).text(io.stdin)
        : await (await import('node:fs/promises')).readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${where}: ${(err as Error).message}`);
  }
  if (textTooDeepAt(text) >= 0) throw new UsageError(`${where} is nested deeper than ${MAX_DEPTH} levels`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${where} is not JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(body) && !isEnvelope(body)) {
    throw new UsageError(`${where} must hold an envelope ({"data": [...]}) or an array of records`);
  }
  return body;
}

/**
 * Prints the response whatever it says (an envelope, other JSON such as /openapi.json, or text as it came),
 * then fails like any command would: exit 1/3/4/5 by statusCode, or by HTTP status when there is none.
 */
export async function runApiRequest(opts: ApiRequestOptions, deps: WriteDeps): Promise<void> {
  const { io } = deps;
  const body = opts.file !== undefined ? await readBody(io, opts.file) : undefined;
  if (body !== undefined && (opts.method === 'GET' || opts.method === 'DELETE')) {
    throw new UsageError(`${opts.method} sends no body: drop -f`);
  }
  if (opts.dryRun) {
    const { requestEnvelope, sendsBody } = await import('../../api/client.js');
    const target = opts.dryRun;
    const envelope = sendsBody(opts.method)
      ? requestEnvelope(target.metadata, body !== undefined ? { body } : {})
      : null;
    printDryRun(io, target, [{ method: opts.method, path: opts.path, envelope }]);
    return;
  }
  const api = await deps.api();
  const { throwUnlessOk, toExchange } = await import('../../api/exchange.js');
  const raw = await api.send(opts.method, opts.path, body !== undefined ? { body } : {});
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.text);
  } catch {
    const text = raw.text.endsWith('\n') || raw.text === '' ? raw.text : `${raw.text}\n`;
    io.stdout.write(onTerminal(text, io.stdoutIsTTY));
  }
  if (parsed !== undefined)
    io.stdout.write(onTerminal(`${JSON.stringify(parsed, null, 2)}\n`, io.stdoutIsTTY, 'json'));
  // Any path may answer something else than an envelope: only an error status, or an envelope that is
  // not OK, fails, with the message the body gives (an envelope's reason or message, Spring's, RFC 9457's).
  if (raw.status < 400 && !isResponseEnvelope(parsed)) return;
  throwUnlessOk(toExchange(raw));
}
