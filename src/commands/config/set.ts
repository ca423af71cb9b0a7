import { defineCommand } from '../../kit/command.js';
import {
  type ConfigDeps,
  ensureOption,
  globalsOf,
  KEY_ARGUMENT,
  openForKey,
  targetProfile,
} from './shared.js';

export interface ConfigSetOptions {
  key: string;
  /**
   * `-` reads the value from stdin, so a token stays out of shell history and the process list; none (for a
   * secret) prompts without echo on a terminal and reads stdin otherwise.
   */
  value?: string;
  profile?: string;
}

/** Validates and stores a value in a profile, creating the profile if needed. */
export async function runConfigSet(opts: ConfigSetOptions, deps: ConfigDeps): Promise<void> {
  const { io } = deps;
  const { config, key, store } = await openForKey(opts.key, io);
  const { ConfigError, SECRET_KEYS, assertProfileName, shownValue } = config;
  const profile = assertProfileName(targetProfile(opts.profile, io.env, store));
  const secret = SECRET_KEYS.has(key);
  let value = opts.value;
  if (value === undefined && !secret) throw new ConfigError(`missing the value of ${key}`);
  if (value === undefined && deps.prompter && io.canPrompt?.()) {
    value = await deps.prompter.password({ message: `${key} (not shown)`, flag: '<value>' });
  } else if (value === '-' || value === undefined) {
    if (!io.stdin) throw new ConfigError('no standard input to read the value from');
    value = (await (await import('node:stream/consumers')).text(io.stdin)).trim();
  } else if (secret) {
    io.stderr.write(
      `warning: a ${key} given as an argument lands in shell history; next time run \`ccp config set ${key}\` (it asks without echo) or pass '-' and stdin
`,
    );
  }
  if (key === 'token') {
    // As login keeps it: in the credential store, or the 0600 file where none answers.
    const { keyringName, saveSecret } = await import('../../kit/keyring.js');
    const token = value.trim();
    const kept = await saveSecret(store, profile, token, false);
    if (kept.note) io.stderr.write(`${kept.note}\n`);
    const where = kept.where === 'keyring' ? keyringName() : store.path;
    io.stderr.write(`Set ${key} to ${shownValue(key, token)} in profile ${profile} (kept in ${where})\n`);
    return;
  }
  const stored = store.set(profile, key, value);
  const shown = shownValue(key, stored);
  io.stderr.write(`Set ${key} to ${shown} in profile ${profile}\n`);
}

export const configSet = defineCommand<ConfigSetOptions>({
  name: 'set',
  description: 'store a configuration value in a profile (validated first)',
  examples: [
    'ccp config set base-url https://ccp.example.com',
    'ccp config set token',
    'ccp config set token - --profile staging < token.txt',
    "ccp config set headers 'X-Tenant: acme'",
    'ccp config set token-command "pass show ccp/prod"',
    'ccp config set time-zone Asia/Kolkata',
    'ccp config set timeout 10s',
  ],
  declare: (cmd) => {
    cmd
      .argument('<key>', KEY_ARGUMENT)
      .argument('[value]', "the value; '-' reads it from stdin; a token left out is asked for without echo");
    ensureOption(
      cmd,
      cmd.parent!,
      '--profile <name>',
      'profile to write (created if new; default: the current profile)',
    );
  },
  parse: async (_f, { args, cmd }) => ({
    key: args[0] as string,
    value: args[1] as string | undefined,
    profile: globalsOf(cmd).profile,
  }),
  run: runConfigSet,
});
