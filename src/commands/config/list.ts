import type { ConfigFile } from '../../config/index.js';
import { defineCommand } from '../../kit/command.js';
import { chosenFormat, outputFormat } from '../../kit/printing.js';
import type { OutputFormat } from '../../output/formats.js';
import { type ConfigDeps, describeSource, ensureOption, globalsOf } from './shared.js';

export interface ConfigListOptions {
  profile?: string;
  /** From --json or -o; otherwise the profile's output, else a table on a terminal and JSON elsewhere. */
  format?: ListFormat;
  /** List the profile names instead of one profile's keys. */
  profiles?: boolean;
}

export type ListFormat = OutputFormat;

export interface ConfigListRow {
  profile: string;
  key: string;
  value: string | null;
  source: string | null;
}

/** Every key of a profile with its effective value and where it comes from; a token is always masked. */
export async function runConfigList(opts: ConfigListOptions, deps: ConfigDeps): Promise<void> {
  const { io } = deps;
  const { ConfigFile, shownValue, resolveEntries, selectProfile } = await import('../../config/index.js');
  const store = await ConfigFile.open(io.env);
  if (opts.profiles) return listProfiles(store, opts, io);
  const profile = selectProfile({ profile: opts.profile }, io.env, store);
  const entries = resolveEntries({}, io.env, store, profile);
  const configured = entries.find((e) => e.key === 'output')?.value as ListFormat | undefined;
  const format = await outputFormat({ output: opts.format }, io.stdoutIsTTY === true, async () => configured);
  // Where the store keeps the token, named without reading it (no prompt, no store to wake up).
  const kept = entries.some((e) => e.inKeyring)
    ? `(in ${(await import('../../kit/keyring.js')).keyringName()})`
    : null;
  const rows: ConfigListRow[] = entries.map((e) => ({
    profile,
    key: e.key,
    value: e.value === undefined ? (e.inKeyring ? kept : null) : shownValue(e.key, e.value),
    source: e.source ? describeSource(e) : null,
  }));

  // The profile goes to stderr above a table (the rows already say it to a machine format).
  if (format === 'table') io.stderr.write(`profile ${profile} (${store.path})\n`);
  await writeRows(rows, ['profile', 'key', 'value', 'source'], format, io, {
    table: ['key', 'value', 'source'],
    name: 'key',
  });
}

/** One name a line (what shell completion reads), or records with the current one marked. */
async function listProfiles(store: ConfigFile, opts: ConfigListOptions, io: ConfigDeps['io']): Promise<void> {
  const current = store.currentProfile();
  const rows = store.profileNames().map((name) => ({ name, current: name === current }));
  // One name a line unless a format is asked for: shell completion reads it.
  if (opts.format === undefined || opts.format === 'table')
    io.stdout.write(rows.map((r) => `${r.name}\n`).join(''));
  else await writeRows(rows, ['name', 'current'], opts.format, io, { name: 'name' });
}

/** Rows through the output layer every command uses, in any format. */
async function writeRows(
  rows: object[],
  fields: string[],
  format: ListFormat,
  io: ConfigDeps['io'],
  view: { table?: string[]; name: string },
): Promise<void> {
  const { createRecordWriter, flatView } = await import('../../output/index.js');
  const writer = createRecordWriter(io.stdout, {
    format,
    view: flatView(fields, view),
    color: false,
    isTTY: io.stdoutIsTTY === true,
    width: (io.stdout as { columns?: number }).columns ?? 0,
    now: () => Date.now(),
  });
  for (const row of rows) await writer.write(row);
  await writer.end();
}

export const configList = defineCommand<ConfigListOptions>({
  name: 'list',
  aliases: ['ls'],
  description: 'show every key of a profile, its value and its source',
  examples: ['ccp config list', 'ccp config list --profile staging --json', 'ccp config list --profiles'],
  declare: (cmd) => {
    cmd.option('--profiles', 'list the profile names instead');
    ensureOption(cmd, cmd.parent!, '--profile <name>', 'profile to show (default: the current profile)');
    ensureOption(cmd, cmd.parent!, '--json', 'print the keys as JSON');
  },
  parse: async (_f, { cmd }) => {
    const g = globalsOf(cmd);
    // Only what the flags chose: without one, --profiles prints a name a line (what completion reads).
    const format = await chosenFormat(g, async () => undefined);
    const profiles = (g as { profiles?: boolean }).profiles === true;
    return { profile: g.profile, profiles, ...(format ? { format } : {}) };
  },
  run: runConfigList,
});
