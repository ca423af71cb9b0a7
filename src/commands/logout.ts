// `ccp logout`: the profile's secret leaves the config file; its other settings stay for the next login.
import type { Command } from 'commander';
import type { Factory } from '../kit/factory.js';
import { examples } from '../kit/help.js';

export async function runLogout(opts: { profile?: string }, f: Factory): Promise<void> {
  const { ConfigStore, assertProfileName } = await import('../config/index.js');
  const { targetProfile } = await import('./config/shared.js');
  const store = await ConfigStore.open(f.io.env);
  const profile = assertProfileName(targetProfile(opts.profile, f.io.env, store));
  const removed = store.unset(profile, 'token');
  f.io.note(
    removed ? `Logged out: removed the token of profile ${profile}` : `Profile ${profile} holds no token`,
  );
  if (store.get(profile, 'token-command')) {
    f.io.note(
      `Profile ${profile} still has a token-command: ccp config unset token-command --profile ${profile}`,
    );
  }
}

export function registerLogout(program: Command, f: Factory): Command {
  return program
    .command('logout')
    .description("remove the profile's token from the config file")
    .addHelpText('after', examples('ccp logout', 'ccp logout --profile staging'))
    .action(async () => {
      await runLogout({ profile: f.globals().profile }, f);
    });
}
