// The flags every write command shares, and the names they go by.
import { type Command, Option } from 'commander';
import { shownHeader, withoutUserinfo } from '../../domain/secrets.js';
import type { InputFormat } from '../../input/detect.js';

/** --dry-run, --skeleton, -f, --format and --ignore-unknown as commander's opts() gives them. */
export interface WriteFlags {
  dryRun?: boolean;
  skeleton?: boolean;
  file?: string;
  format?: InputFormat;
  ignoreUnknown?: boolean;
}

export function addDryRunFlag(cmd: Command): Command {
  return cmd.addOption(
    new Option('--dry-run', 'print the request (method, URL, envelope) as JSON and send nothing'),
  );
}

/** -f/--file, --format, --ignore-unknown and --skeleton. */
export function addFileFlags(cmd: Command, what: string): Command {
  return cmd
    .addOption(
      new Option(
        '-f, --file <path>',
        `read ${what} from a JSON (array or envelope), NDJSON, CSV or YAML file; - for stdin`,
      ),
    )
    .addOption(
      new Option(
        '--format <format>',
        'input format, and the format of --skeleton (default: from the extension, or told from the content)',
      ).choices(['json', 'ndjson', 'csv', 'yaml']),
    )
    .addOption(
      new Option('--ignore-unknown', 'drop fields and columns the record does not have, instead of failing'),
    )
    .addOption(new Option('--skeleton', 'print an input template for -f (json, or --format) and exit'));
}

/** The flag commander parsed into option key `key` (`longDescription` -> `--long-description`). */
export function flagOf(cmd: Command, key: string): string {
  const option = cmd.options.find((o) => o.attributeName() === key);
  return option?.long ?? key;
}

/**
 * Record fields given by flags, by commander's own option keys: `{ field: optionKey }` in, `{ field: value }`
 * out for the flags the user gave.
 */
export function fieldsFromFlags(
  flags: Record<string, unknown>,
  fieldOptions: Record<string, string>,
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [field, key] of Object.entries(fieldOptions)) {
    if (flags[key] !== undefined) record[field] = flags[key];
  }
  return record;
}

/** `{ field: '--flag' }` for messages about a record built from flags. */
export function flagNames(cmd: Command, fieldOptions: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldOptions).map(([field, key]) => [field, flagOf(cmd, key)]));
}

/**
 * Other names a column of an input file may have: the flag of each field, without its dashes (`ip` for
 * `ipAdress`), so a CSV headed `name,serial,ip,port` reads like the command line.
 */
export function columnAliases(cmd: Command, fieldOptions: Record<string, string>): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const [field, key] of Object.entries(fieldOptions)) {
    const flag = flagOf(cmd, key).replace(/^--/, '');
    if (flag !== field) aliases[flag] = field;
    if (key !== field && key !== flag) aliases[key] = field;
  }
  return aliases;
}

const TOKEN_REF = '"$CCP_TOKEN"';

/** One argument as the command line shows it: no part of a secret (as --verbose shows none). */
function shownArg(a: string, before: string | undefined): string {
  if (before === '--token') return TOKEN_REF;
  if (a.startsWith('--token=')) return `--token=${TOKEN_REF}`;
  if (before === '-H' || before === '--header') return shownHeader(a);
  if (a.startsWith('--header=')) return `--header=${shownHeader(a.slice(9))}`;
  if (a.startsWith('-H') && a.length > 2 && !a.startsWith('-H-')) return `-H${shownHeader(a.slice(2))}`;
  return withoutUserinfo(a);
}

/**
 * The command line that ran `cmd`, as a shell reads it back, with `extra` flags added if missing. No secret
 * given on it is printed: `"$CCP_TOKEN"` stands in a token's place, and a secret header's value and a URL's
 * userinfo are redacted as --verbose redacts them.
 */
export function commandLine(cmd: Command, ...extra: string[]): string {
  let root = cmd;
  while (root.parent) root = root.parent;
  const args = [...((root as Command & { rawArgs?: string[] }).rawArgs ?? []).slice(2)];
  for (const flag of extra) if (!args.includes(flag)) args.push(flag);
  const quoted = args.map((a, k) => {
    const shown = shownArg(a, args[k - 1]);
    if (shown === TOKEN_REF || shown === `--token=${TOKEN_REF}`) return shown;
    return /^[\w@%+=:,./-]+$/.test(shown) ? shown : `'${shown.replace(/'/g, `'\\''`)}'`;
  });
  return ['ccp', ...quoted].join(' ');
}
