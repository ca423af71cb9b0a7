import { text as streamText } from 'node:stream/consumers';
import type { Command } from 'commander';
import { verbCommand } from '../../cli/read-verbs.js';
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
  const cmd = verbCommand(parent, 'set', 'store a configuration value in a profile (validated first)', [
    'ccp config set base-url https://ccp.example.com',
    'ccp config set token - --profile staging < token.txt',
    'ccp config set time-zone Asia/Kolkata',
    'ccp config set timeout 10s',
  ])
    .argument('<key>', KEY_ARGUMENT)
    .argument('<value>', "the value; '-' reads it from stdin");
  ensureOption(
    cmd,
    parent,
    '--profile <name>',
    'profile to write (created if new; default: the current profile)',
  );
  return cmd.action(async (key: string, value: string, _opts: unknown, self: Command) => {
    await runConfigSet({ key, value, profile: globalsOf(self).profile }, f);
  });
}
