import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { isDatabaseUrl, shownLocation } from '../domain/db-location.js';
import { makeDirs } from '../domain/dirs.js';
import { isObject } from '../domain/objects.js';
import { isUuid } from '../domain/uuid.js';
import { ConfigError } from './config-error.js';
import type { FileContent } from './file-shape.js';
import {
  assertProfileName,
  DEFAULT_PROFILE,
  type ProfileKey,
  TOKEN_STORE_FIELD,
  validateValue,
} from './keys.js';
import { checkTrusted } from './trust.js';

export type ProfileValues = Partial<Record<ProfileKey, string>>;
export interface EmbeddedAccess {
  token: string;
  orgUuid: string;
}

/**
 * The embedded server's access for one database as stored: a token and the uuid of its organization, and
 * nothing else (any other field is dropped). A plain check: every command on the embedded default reads it,
 * and zod loads only for a config file that is not plainly well formed.
 */
export function embeddedAccessOf(entry: unknown): EmbeddedAccess | undefined {
  if (!isObject(entry)) return undefined;
  const { token, orgUuid } = entry;
  if (typeof token !== 'string' || token === '' || typeof orgUuid !== 'string' || !isUuid(orgUuid))
    return undefined;
  return { token, orgUuid };
}

const FILE_MODE = 0o600;

/** `$CCP_CONFIG_DIR`, else `$XDG_CONFIG_HOME/ccp`, else `~/.config/ccp`; read from `env` so tests stay isolated. */
export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.CCP_CONFIG_DIR) return resolve(env.CCP_CONFIG_DIR);
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'ccp');
}

/**
 * The config file: named profiles, the current profile, and the embedded server's admin access per
 * database path. One JSON file of mode 0600; conf writes it atomically.
 */
/** What ConfigFile needs of conf; a read-only stand-in implements it when there is no file to read. */
interface Backing {
  readonly path: string;
  readonly store: FileContent;
  get<K extends keyof FileContent>(key: K): FileContent[K];
  set<K extends keyof FileContent>(key: K, value: FileContent[K]): void;
}

/** No config file and nowhere to create one (a read-only HOME): flags and variables still work. */
class UnwritableBacking implements Backing {
  readonly store: FileContent = {};
  constructor(
    readonly path: string,
    private readonly reason: string,
  ) {}
  get<K extends keyof FileContent>(key: K): FileContent[K] {
    return this.store[key];
  }
  set(): void {
    throw new ConfigError(`cannot write the config file ${this.path}: ${this.reason}`);
  }
}

/** The file as read by ConfigFile.read(): writing it is for one from ConfigFile.open(). */
class ReadOnlyBacking implements Backing {
  constructor(
    readonly path: string,
    readonly store: FileContent,
  ) {}
  get<K extends keyof FileContent>(key: K): FileContent[K] {
    return this.store[key];
  }
  set(): void {
    throw new Error('a config file from ConfigFile.read() is not written');
  }
}

const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR']);

/** What FileShape accepts, checked without loading zod; a file failing it is checked by FileShape. */
function plainlyValid(store: unknown): boolean {
  if (!isObject(store)) return false;
  const { currentProfile, profiles, embedded } = store;
  if (currentProfile !== undefined && typeof currentProfile !== 'string') return false;
  if (embedded !== undefined && !isObject(embedded)) return false;
  if (profiles === undefined) return true;
  return (
    isObject(profiles) &&
    Object.values(profiles).every((p) => isObject(p) && Object.values(p).every((v) => typeof v === 'string'))
  );
}

type Shapes = typeof import('./file-shape.js');

/** What resolving the configuration reads of the file. */
export type ProfileReader = Pick<
  ConfigFile,
  'path' | 'currentProfile' | 'hasProfile' | 'profile' | 'profileNames'
>;

/** What a command reads of the file: the profiles, and the embedded server's access. */
export type ConfigReader = ProfileReader & Pick<ConfigFile, 'embeddedAccess'>;

/** The config file read and parsed as conf reads it, for reading only. */
function readOnlyBacking(cwd: string): Backing {
  const file = join(cwd, 'config.json');
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  return new ReadOnlyBacking(
    file,
    Object.assign(Object.create(null), text === undefined ? {} : JSON.parse(text)),
  );
}

export class ConfigFile {
  private constructor(private readonly conf: Backing) {}

  /** The file for a command that may write it: conf keeps the file, and writes it atomically. */
  static async open(env: NodeJS.ProcessEnv): Promise<ConfigFile> {
    const [{ default: ConfClass }, shapes] = await Promise.all([import('conf'), import('./file-shape.js')]);
    return ConfigFile.opened(env, shapes, (cwd) => {
      const conf: Backing = new ConfClass<FileContent>({
        projectName: 'ccp',
        projectSuffix: '',
        cwd,
        configFileMode: FILE_MODE,
        // Database paths contain dots; keys are whole strings.
        accessPropertiesByDotNotation: false,
        clearInvalidConfig: false,
      });
      return conf;
    });
  }

  /**
   * The file for reading only, once a command (kit/factory.ts): its profiles resolve the configuration, and
   * the embedded server's access found there spares the command any write (it opens the file for writing
   * only when it must: server/embedded-bootstrap.ts). Read and parsed as conf reads it, without loading conf
   * and the JSON schema validator it brings. Writing throws.
   */
  static async read(env: NodeJS.ProcessEnv): Promise<ConfigReader> {
    return ConfigFile.opened(env, undefined, readOnlyBacking);
  }

  private static async opened(
    env: NodeJS.ProcessEnv,
    shapes: Shapes | undefined,
    backing: (cwd: string) => Backing,
  ): Promise<ConfigFile> {
    const cwd = configDir(env);
    let conf: Backing;
    try {
      // The directory holds a secret too: keep it private when we create it.
      makeDirs(cwd);
      checkTrusted(cwd, join(cwd, 'config.json'));
      conf = backing(cwd);
    } catch (err) {
      if (err instanceof ConfigError) throw err;
      const code = (err as NodeJS.ErrnoException).code ?? '';
      const file = join(cwd, 'config.json');
      if (UNWRITABLE.has(code) && !existsSync(file)) {
        conf = new UnwritableBacking(file, (err as Error).message);
      } else {
        throw new ConfigError(`cannot read the config file in ${cwd}: ${(err as Error).message}`);
      }
    }
    // Most files are plainly well formed: zod is loaded to say what is wrong with the others.
    if (!plainlyValid(conf.store)) {
      const { FileShape } = shapes ?? (await import('./file-shape.js'));
      const parsed = FileShape.safeParse(conf.store);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ConfigError(
          `the config file ${conf.path} is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
        );
      }
    }
    return new ConfigFile(conf);
  }

  get path(): string {
    return this.conf.path;
  }

  /** The stored current profile, or `default`. */
  currentProfile(): string {
    return this.conf.get('currentProfile') ?? DEFAULT_PROFILE;
  }

  /** Whether a current profile is stored (`default` is current without one). */
  hasCurrentProfile(): boolean {
    return this.conf.get('currentProfile') !== undefined;
  }

  profileNames(): string[] {
    const names = new Set(Object.keys(this.conf.get('profiles') ?? {}));
    names.add(DEFAULT_PROFILE);
    return [...names].sort();
  }

  /** `default` always exists; any other profile exists once a key has been set in it. */
  hasProfile(name: string): boolean {
    return name === DEFAULT_PROFILE || Object.hasOwn(this.conf.get('profiles') ?? {}, name);
  }

  useProfile(name: string): void {
    assertProfileName(name);
    if (!this.hasProfile(name)) {
      throw new ConfigError(
        `profile "${name}" does not exist; create it with: ccp config set --profile ${name} <key> <value>`,
      );
    }
    this.write('currentProfile', name);
  }

  /** The keys stored in a profile, as stored (not validated: resolution checks them). */
  profile(name: string): ProfileValues {
    return { ...(this.conf.get('profiles')?.[name] ?? {}) } as ProfileValues;
  }

  get(profile: string, key: ProfileKey): string | undefined {
    return this.profile(profile)[key];
  }

  /** Validates and stores a value; returns it as stored. */
  set(profile: string, key: ProfileKey, value: string): string {
    assertProfileName(profile);
    const stored = validateValue(key, value, 'the command line');
    const profiles = { ...(this.conf.get('profiles') ?? {}) };
    profiles[profile] = { ...(profiles[profile] ?? {}), [key]: stored };
    this.write('profiles', profiles);
    return stored;
  }

  /** Removes a key; false when it was not set. The profile itself stays. */
  unset(profile: string, key: ProfileKey): boolean {
    const profiles = { ...(this.conf.get('profiles') ?? {}) };
    const values = profiles[profile];
    if (!values || !Object.hasOwn(values, key)) return false;
    const { [key]: _removed, ...rest } = values;
    profiles[profile] = rest;
    this.write('profiles', profiles);
    return true;
  }

  /** Whether the profile's secret is in the credential store (the file then holds no token). */
  tokenInKeyring(profile: string): boolean {
    return this.conf.get('profiles')?.[profile]?.[TOKEN_STORE_FIELD] === 'keyring';
  }

  /** Records that the credential store holds the profile's secret (true), or that it does not (false). */
  setTokenInKeyring(profile: string, inKeyring: boolean): void {
    assertProfileName(profile);
    const profiles = { ...(this.conf.get('profiles') ?? {}) };
    const { [TOKEN_STORE_FIELD]: _was, ...rest } = profiles[profile] ?? {};
    if (inKeyring) {
      // The token leaves the file as the store takes it.
      const { token: _token, ...others } = rest;
      profiles[profile] = { ...others, [TOKEN_STORE_FIELD]: 'keyring' };
    } else profiles[profile] = rest;
    this.write('profiles', profiles);
  }

  embeddedAccess(dbPath: string): EmbeddedAccess | undefined {
    return embeddedAccessOf(this.conf.get('embedded')?.[accessKey(dbPath)]);
  }

  setEmbeddedAccess(dbPath: string, access: EmbeddedAccess): void {
    const checked = embeddedAccessOf(access);
    if (!checked) throw new ConfigError('embedded access needs a token and an organization uuid');
    this.write('embedded', { ...(this.conf.get('embedded') ?? {}), [accessKey(dbPath)]: checked });
  }

  private write<K extends keyof FileContent>(key: K, value: FileContent[K]): void {
    this.conf.set(key, value);
    // A file created by hand or by an older version may be looser; the token makes 0600 a must.
    chmodSync(this.conf.path, FILE_MODE);
  }
}

/** The database an embedded token is kept for: a file by its absolute path, a URL without its password. */
function accessKey(db: string): string {
  return isDatabaseUrl(db) ? shownLocation(db) : resolve(db);
}
