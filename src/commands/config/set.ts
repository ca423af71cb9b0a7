import type { Command } from 'commander';
import {
  type ConfigCommandDeps,
  type ConfigRunContext,
  contextOf,
  ensureOption,
  examples,
  globalsOf,
  targetProfile,
} from './shared.js';

export interface ConfigSetOptions extends ConfigRunContext {
  key: string;
  value: string;
  profile?: string;
}

/** Validates and stores a value in a profile, creating the profile if needed. */
export async function configSetRun(opts: ConfigSetOptions): Promise<void> {
  const { ConfigStore, assertProfileKey, assertProfileName, maskToken } = await import(
    '../../config/index.js'
  );
  const key = assertProfileKey(opts.key);
  const store = await ConfigStore.open(opts.env);
  const profile = assertProfileName(targetProfile(opts.profile, opts.env, store));
  const stored = store.set(profile, key, opts.value);
  const shown = key === 'token' ? maskToken(stored) : stored;
  opts.stderr.write(`Set ${key} to ${shown} in profile ${profile}\n`);
}

export function addConfigSet(parent: Command, deps: ConfigCommandDeps): Command {
  const cmd = parent
    .command('set')
    .description('store a configuration value in a profile (validated first)')
    .argument('<key>', 'base-url, token, org, user, time-zone, output or timeout')
    .argument('<value>', 'the value');
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
        'ccp config set token "$CCP_TOKEN" --profile staging',
        'ccp config set time-zone Asia/Kolkata',
        'ccp config set timeout 10s',
      ),
    )
    .action(async (key: string, value: string, _opts: unknown, self: Command) => {
      const g = globalsOf(self);
      await configSetRun({ ...contextOf(deps), key, value, profile: g.profile });
    });
  return cmd;
}
