import { defineCommand } from '../../kit/command.js';
import { type ConfigDeps, ensureOption, globalsOf, KEY_ARGUMENT, openForKey } from './shared.js';

export interface ConfigGetOptions {
  key: string;
  profile?: string;
  /** Print a token in full; otherwise it is masked. */
  reveal: boolean;
}

/** Prints the value a key takes in a profile (environment included), or nothing when it has none. */
export async function runConfigGet(opts: ConfigGetOptions, deps: ConfigDeps): Promise<void> {
  const { io } = deps;
  const { config, key, store } = await openForKey(opts.key, io);
  const { shownValue, resolveEntries, selectProfile } = config;
  const profile = selectProfile({ profile: opts.profile }, io.env, store);
  const entry = resolveEntries({}, io.env, store, profile).find((e) => e.key === key)!;
  let value = entry.value;
  if (value === undefined && entry.inKeyring) {
    const { readFromKeyring } = await import('../../kit/keyring.js');
    value = await readFromKeyring(profile);
  }
  if (value === undefined) {
    io.stderr.write(`${key} is not set in profile ${profile}\n`);
    return;
  }
  const shown = opts.reveal ? value : shownValue(key, value);
  io.stdout.write(`${shown}\n`);
}

export const configGet = defineCommand<ConfigGetOptions>({
  name: 'get',
  description: 'print the value of a configuration key',
  examples: [
    'ccp config get base-url',
    'ccp config get time-zone --profile staging',
    'ccp config get token --reveal',
  ],
  declare: (cmd) => {
    cmd.argument('<key>', KEY_ARGUMENT).option('--reveal', 'print a token in full instead of masked');
    ensureOption(cmd, cmd.parent!, '--profile <name>', 'profile to read (default: the current profile)');
  },
  parse: async (_f, { args, cmd }) => {
    const g = globalsOf(cmd) as { profile?: string; reveal?: boolean };
    return { key: args[0] as string, profile: g.profile, reveal: g.reveal === true };
  },
  run: runConfigGet,
});
