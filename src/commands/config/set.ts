import { text as streamText } from 'node:stream/consumers';
import type { Command } from 'commander';
import { examples } from '../../cli/help.js';
import { type ConfigDeps, ensureOption, globalsOf, openForKey, targetProfile } from './shared.js';

export interface ConfigSetOptions {
  key: string;
  /** `-` reads the value from stdin, so a token stays out of shell history and the process list. */
  value: string;
  profile?: string;
}

/** Validates and stores a value in a profile, creating the profile if needed. */
export async function runConfigSet(opts: ConfigSetOptions, deps: ConfigDeps): Promise<void> {
  const { io } = deps;
  const { config, key, store } = await openForKey(opts.key, io);
  const { ConfigError, assertProfileName, maskToken } = config;
  const profile = assertProfileName(targetProfile(opts.profile, io.env, store));
  let value = opts.value;
  if (value === '-') {
    if (!io.stdin) throw new ConfigError('no standard input to read the value from');
    value = (await streamText(io.stdin)).trim();
  }
  const stored = store.set(profile, key, value);
  const shown = key === 'token' ? maskToken(stored) : stored;
  io.stderr.write(`Set ${key} to ${shown} in profile ${profile}\n`);
}

export function registerConfigSet(parent: Command, f: ConfigDeps): Command {
  const cmd = parent
    .command('set')
    .description('store a configuration value in a profile (validated first)')
    .argument('<key>', 'base-url, token, org, user, time-zone, output or timeout')
    .argument('<value>', "the value; '-' reads it from stdin");
  ensureOption(
    cmd,
    parent,
    '--profile <name>',
    'profile to write (created if new; default: the current profile)',
  );
  cmd
    .addHelpText(
      'after',
      examples(
        'ccp config set base-url https://ccp.example.com',
        'ccp config set token - --profile staging < token.txt',
        'ccp config set time-zone Asia/Kolkata',
        'ccp config set timeout 10s',
      ),
    )
    .action(async (key: string, value: string, _opts: unknown, self: Command) => {
      const g = globalsOf(self);
      await runConfigSet({ key, value, profile: g.profile }, f);
    });
  return cmd;
}
