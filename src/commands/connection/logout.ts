// `ccp logout`: the profile's secret leaves the credential store and the config file, wherever it is; its
// other settings stay for the next login.
import { defineCommand } from '../../kit/command.js';
import type { Factory } from '../../kit/factory.js';

export async function runLogout(opts: { profile?: string }, f: Factory): Promise<void> {
  const { ConfigFile, assertProfileName } = await import('../../config/index.js');
  const { targetProfile } = await import('../config/shared.js');
  const store = await ConfigFile.open(f.io.env);
  const profile = assertProfileName(targetProfile(opts.profile, f.io.env, store));
  let where: string | undefined;
  if (store.tokenInKeyring(profile)) {
    const { keyringName, removeFromKeyring } = await import('../../kit/keyring.js');
    // A store that does not answer fails here (exit 3), and the file still says where the secret is.
    await removeFromKeyring(profile);
    store.setTokenInKeyring(profile, false);
    where = keyringName();
  }
  if (store.unset(profile, 'token')) where = where ? `${where} and ${store.path}` : store.path;
  f.io.note(
    where
      ? `Logged out: removed the token of profile ${profile} from ${where}`
      : `Profile ${profile} holds no token`,
  );
  if (store.get(profile, 'token-command')) {
    f.io.note(
      `Profile ${profile} still has a token-command: ccp config unset token-command --profile ${profile}`,
    );
  }
}

export const connectionLogout = defineCommand<{ profile?: string }>({
  name: 'logout',
  description: "remove the profile's token from the credential store or the config file",
  examples: ['ccp logout', 'ccp logout --profile staging'],
  parse: async (f) => ({ profile: f.globals().profile }),
  run: runLogout,
});
