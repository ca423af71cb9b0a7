import type { Command } from 'commander';
import { examples } from '../../cli/help.js';
import type { ConfigStore } from '../../config/index.js';
import {
  type ConfigCommandDeps,
  type ConfigRunContext,
  contextOf,
  describeSource,
  ensureOption,
  globalsOf,
} from './shared.js';

export interface ConfigListOptions extends ConfigRunContext {
  profile?: string;
  /** From --json or -o; otherwise the profile's output, else a table on a terminal and JSON elsewhere. */
  format?: ListFormat;
  stdoutIsTTY?: boolean;
  /** List the profile names instead of one profile's keys. */
  profiles?: boolean;
}

export type ListFormat = 'table' | 'json' | 'ndjson' | 'csv' | 'yaml';

export interface ConfigListRow {
  profile: string;
  key: string;
  value: string | null;
  source: string | null;
}

/** Every key of a profile with its effective value and where it comes from; a token is always masked. */
export async function configListRun(opts: ConfigListOptions): Promise<void> {
  const { ConfigStore, maskToken, resolveEntries, selectProfile } = await import('../../config/index.js');
  const store = await ConfigStore.open(opts.env);
  if (opts.profiles) return listProfiles(store, opts);
  const profile = selectProfile({ profile: opts.profile }, opts.env, store);
  const entries = resolveEntries({}, opts.env, store, profile);
  const configured = entries.find((e) => e.key === 'output')?.value as ListFormat | undefined;
  const format = opts.format ?? configured ?? (opts.stdoutIsTTY ? 'table' : 'json');
  const rows: ConfigListRow[] = entries.map((e) => ({
    profile,
    key: e.key,
    value: e.value === undefined ? null : e.key === 'token' ? maskToken(e.value) : e.value,
    source: e.source ? describeSource(e) : null,
  }));

  if (format !== 'table') {
    await writeRecords(rows, format, opts.stdout);
    return;
  }
  const table = [['KEY', 'VALUE', 'SOURCE'], ...rows.map((r) => [r.key, r.value ?? '-', r.source ?? ''])];
  const widths = [0, 1].map((i) => Math.max(...table.map((cells) => cells[i]!.length)));
  const lines = table.map((cells) =>
    cells
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell))
      .join('  ')
      .trimEnd(),
  );
  opts.stderr.write(`profile ${profile} (${store.path})\n`);
  opts.stdout.write(`${lines.join('\n')}\n`);
}

/** One name a line (what shell completion reads), or records with the current one marked. */
async function listProfiles(store: ConfigStore, opts: ConfigListOptions): Promise<void> {
  const current = store.currentProfile();
  const rows = store.profileNames().map((name) => ({ name, current: name === current }));
  // One name a line unless a format is asked for: shell completion reads it.
  if (opts.format === undefined || opts.format === 'table')
    opts.stdout.write(rows.map((r) => `${r.name}\n`).join(''));
  else await writeRecords(rows, opts.format, opts.stdout);
}

async function writeRecords(
  rows: object[],
  format: Exclude<ListFormat, 'table'>,
  out: NodeJS.WritableStream,
): Promise<void> {
  switch (format) {
    case 'json':
      out.write(`${JSON.stringify(rows, null, 2)}\n`);
      return;
    case 'ndjson':
      for (const row of rows) out.write(`${JSON.stringify(row)}\n`);
      return;
    case 'yaml': {
      const { stringify } = await import('../../output/yaml-stringify.js');
      out.write(stringify(rows));
      return;
    }
    case 'csv': {
      const { stringify } = await import('csv-stringify/sync');
      out.write(stringify(rows, { header: true, cast: { boolean: (b) => String(b) } }));
      return;
    }
  }
}

export function addConfigList(parent: Command, deps: ConfigCommandDeps): Command {
  const cmd = parent
    .command('list')
    .alias('ls')
    .description('show every key of a profile, its value and its source')
    .option('--profiles', 'list the profile names instead');
  ensureOption(cmd, parent, '--profile <name>', 'profile to show (default: the current profile)');
  ensureOption(cmd, parent, '--json', 'print the keys as JSON');
  cmd
    .addHelpText(
      'after',
      examples('ccp config list', 'ccp config list --profile staging --json', 'ccp config list --profiles'),
    )
    .action(async (_opts: unknown, self: Command) => {
      const g = globalsOf(self);
      const format = g.json ? 'json' : (g.output as ListFormat | undefined);
      const profiles = (g as { profiles?: boolean }).profiles === true;
      await configListRun({
        ...contextOf(deps),
        profile: g.profile,
        profiles,
        stdoutIsTTY: deps.io.stdoutIsTTY === true,
        ...(format ? { format } : {}),
      });
    });
  return cmd;
}
