import type { Command } from 'commander';
import type { ConfigFile, GlobalFlags, ResolvedEntry } from '../../config/index.js';
import type { IO } from '../../kit/io.js';
import type { Prompter } from '../../kit/prompter.js';

/** The parts of the program a config verb uses: its streams and environment (tests pass their own). */
export interface ConfigDeps {
  io: Pick<IO, 'env' | 'stdout' | 'stderr'> & Partial<Pick<IO, 'stdin' | 'stdoutIsTTY' | 'canPrompt'>>;
  /** Asks for a secret without echo (`config set token`); none: read from stdin. */
  prompter?: Prompter;
}

/** What the key argument of get, set and unset takes. */
export const KEY_ARGUMENT =
  'base-url, token, org, user, time-zone, output, timeout, auth-scheme, headers, token-command, ca-file, client-cert, client-key, insecure or csv-raw';

/** Global options as commander parsed them for this command (root flags included). */
export function globalsOf(cmd: Command): GlobalFlags & { json?: boolean } {
  return cmd.optsWithGlobals() as GlobalFlags & { json?: boolean };
}

/**
 * Adds `--profile` to a verb unless an ancestor already defines it: the root program has it as a global
 * flag, and a second definition would shadow it.
 */
export function ensureOption(cmd: Command, parent: Command, flags: string, description: string): void {
  const long = flags.match(/--[\w-]+/)?.[0];
  for (let c: Command | null = parent; c; c = c.parent) {
    if (c.options.some((o) => o.long === long)) return;
  }
  cmd.option(flags, description);
}

/** The profile a config verb acts on: `--profile`, then CCP_PROFILE, then the current profile. */
export function targetProfile(
  profileFlag: string | undefined,
  env: NodeJS.ProcessEnv,
  store: ConfigFile,
): string {
  return profileFlag ?? (env.CCP_PROFILE || undefined) ?? store.currentProfile();
}

/** Where a value came from, as `config list` shows it. */
export function describeSource(entry: ResolvedEntry): string {
  switch (entry.source) {
    case 'env':
      return `env ${entry.origin}`;
    case 'profile':
      return 'profile';
    case 'default':
      return entry.origin === 'system' ? 'default (system)' : 'default';
    case 'flag':
      return `flag ${entry.origin}`;
    default:
      return '';
  }
}

/**
 * What get and set begin with: the config module (loaded here, so other commands never load it), the key
 * checked, and the profile store opened.
 */
export async function openForKey(key: string, io: Pick<IO, 'env'>) {
  const config = await import('../../config/index.js');
  return { config, key: config.assertProfileKey(key), store: await config.ConfigFile.open(io.env) };
}
