// The operating system's credential store, as `gh` keeps its tokens: a profile's secret under the service
// `ccp` and the profile's name. @napi-rs/keyring (a native addon) loads here only, on the first command
// that needs a secret: `--help` and the embedded default never load it.
import { AuthError } from '../api/request-errors.js';
import type { ConfigFile } from '../config/index.js';

export const KEYRING_SERVICE = 'ccp';

/** The store by the name its users know it by. */
export function keyringName(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'the macOS Keychain';
  if (platform === 'win32') return 'the Windows Credential Manager';
  return 'the Secret Service';
}

type Entry = import('@napi-rs/keyring').AsyncEntry;

async function entry(profile: string): Promise<Entry> {
  const { AsyncEntry } = await import('@napi-rs/keyring');
  // On Linux, the Secret Service alone: the library would otherwise fall back to the kernel's keyring,
  // which forgets everything at logout and which nothing else (secret-tool, seahorse) shows.
  return new AsyncEntry(KEYRING_SERVICE, profile, { linux: { store: 'secret-service' } });
}

/** The library's reason, without its generic "Platform failure:" prefix. */
function reasonOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return (
    message
      .replace(/^(Platform failure|Couldn't access platform storage): /, '')
      .replace(/\s+/g, ' ')
      .trim() || 'no reason given'
  );
}

/** Stores the secret; the reason it could not be, or undefined when it is stored. */
export async function keepInKeyring(profile: string, secret: string): Promise<string | undefined> {
  try {
    await (await entry(profile)).setPassword(secret);
    return undefined;
  } catch (err) {
    return reasonOf(err);
  }
}

/** What fixes a store that does not answer: said with every failure. */
function fix(profile: string): string {
  return `unlock it (or start it: on Linux, a keyring daemon on the session bus), or keep the secret in the config file: ccp login --profile ${profile} --insecure-storage`;
}

/**
 * The secret the config file says the store holds. A store that does not answer, or that answers nothing
 * (a locked keyring no one unlocks answers as if empty), is an error naming it (exit 3): never a command
 * sent without its credentials.
 */
export async function readFromKeyring(profile: string): Promise<string> {
  const failed = (why: string) =>
    new AuthError({
      code: 'KEYRING',
      reason: `${keyringName()} did not give the secret of profile ${profile} (${why}): ${fix(profile)}`,
      httpStatus: null,
    });
  let secret: string | null;
  try {
    secret = await (await entry(profile)).getPassword();
  } catch (err) {
    throw failed(reasonOf(err));
  }
  if (secret === null || secret === '') throw failed('it holds none (a locked keyring answers so)');
  return secret;
}

/** Removes the profile's secret from the store; false when it held none. A store that fails is an error. */
export async function removeFromKeyring(profile: string): Promise<boolean> {
  try {
    return await (await entry(profile)).deletePassword();
  } catch (err) {
    throw new AuthError({
      code: 'KEYRING',
      reason: `${keyringName()} did not remove the secret of profile ${profile} (${reasonOf(err)}): ${fix(profile)}`,
      httpStatus: null,
    });
  }
}

/** Where `saveSecret` kept a secret, and the one line that says so when it is not where it was asked. */
export interface Kept {
  where: 'keyring' | 'file';
  /** The store did not answer: the file took the secret instead. */
  note?: string;
}

/**
 * Keeps a profile's secret: in the credential store unless `insecureStorage` asks for the file (or the store
 * does not answer, and the file takes it, with a note); the place not chosen no longer holds it.
 */
export async function saveSecret(
  store: ConfigFile,
  profile: string,
  secret: string,
  insecureStorage: boolean,
): Promise<Kept> {
  const { validateValue } = await import('../config/index.js');
  // Checked before it goes anywhere: the store takes any string, the file only a valid token.
  validateValue('token', secret, 'the secret');
  let note: string | undefined;
  if (!insecureStorage) {
    const why = await keepInKeyring(profile, secret);
    if (why === undefined) {
      store.setTokenInKeyring(profile, true);
      return { where: 'keyring' };
    }
    note = `${keyringName()} did not answer (${why}): the secret is kept in ${store.path} (mode 0600) instead`;
  } else if (store.tokenInKeyring(profile)) {
    // Asked for the file: the copy in the store goes (a store that does not answer keeps what it has).
    await removeFromKeyring(profile).catch(() => undefined);
  }
  store.set(profile, 'token', secret);
  store.setTokenInKeyring(profile, false);
  return note ? { where: 'file', note } : { where: 'file' };
}
