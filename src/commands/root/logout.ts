// `ccp logout`: the profile's secret leaves the config file; its other settings stay for the next login.
import { defineCommand } from '../../kit/command.js';
import type { Factory } from '../../kit/factory.js';

export async function runLogout(opts: { profile?: string }, f: Factory): Promise<void> {
  const { ConfigStore, assertProfileName } = await import('../../config/index.js');
  const { targetProfile } = await import('../config/shared.js');
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

export const rootLogout = defineCommand<{ profile?: string }>({
  name: 'logout',
  description: "remove the profile's token from the config file",
  examples: ['ccp logout', 'ccp logout --profile staging'],
  parse: async (f) => ({ profile: f.globals().profile }),
  run: runLogout,
});
