import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { Uuid } from '../domain/common.js';
import { ConfigError } from './errors.js';
import { assertProfileName, DEFAULT_PROFILE, type ProfileKey, validateValue } from './keys.js';

export type ProfileValues = Partial<Record<ProfileKey, string>>;
export interface EmbeddedAccess {
  token: string;
  orgUuid: string;
}

const FILE_MODE = 0o600;

const ProfileShape = z.record(z.string(), z.string());
const EmbeddedShape = z.object({ token: z.string().min(1), orgUuid: Uuid });
const FileShape = z.object({
  currentProfile: z.string().optional(),
  profiles: z.record(z.string(), ProfileShape).optional(),
  embedded: z.record(z.string(), z.unknown()).optional(),
});
type FileContent = z.infer<typeof FileShape>;

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
/** What the store needs of conf; a read-only stand-in implements it when there is no file to read. */
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

const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR']);

export class ConfigStore {
  private constructor(private readonly conf: Backing) {}

  static async open(env: NodeJS.ProcessEnv): Promise<ConfigStore> {
    const { default: ConfClass } = await import('conf');
    const cwd = configDir(env);
    let conf: Backing;
    try {
      // The directory holds a secret too: keep it private when we create it.
      mkdirSync(cwd, { recursive: true, mode: 0o700 });
      conf = new ConfClass<FileContent>({
        projectName: 'ccp',
        projectSuffix: '',
        cwd,
        configFileMode: FILE_MODE,
        // Database paths contain dots; keys are whole strings.
        accessPropertiesByDotNotation: false,
        clearInvalidConfig: false,
      });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      const file = join(cwd, 'config.json');
      if (UNWRITABLE.has(code) && !existsSync(file)) {
        conf = new UnwritableBacking(file, (err as Error).message);
      } else {
        throw new ConfigError(`cannot read the config file in ${cwd}: ${(err as Error).message}`);
      }
    }
    const parsed = FileShape.safeParse(conf.store);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ConfigError(
        `the config file ${conf.path} is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
      );
    }
    return new ConfigStore(conf);
  }

  get path(): string {
    return this.conf.path;
  }

  /** The stored current profile, or `default`. */
  currentProfile(): string {
    return this.conf.get('currentProfile') ?? DEFAULT_PROFILE;
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

  embeddedAccess(dbPath: string): EmbeddedAccess | undefined {
    const entry = this.conf.get('embedded')?.[resolve(dbPath)];
    const parsed = EmbeddedShape.safeParse(entry);
    return parsed.success ? parsed.data : undefined;
  }

  setEmbeddedAccess(dbPath: string, access: EmbeddedAccess): void {
    const parsed = EmbeddedShape.safeParse(access);
    if (!parsed.success) throw new ConfigError('embedded access needs a token and an organization uuid');
    this.write('embedded', { ...(this.conf.get('embedded') ?? {}), [resolve(dbPath)]: parsed.data });
  }

  private write<K extends keyof FileContent>(key: K, value: FileContent[K]): void {
    this.conf.set(key, value);
    // A file created by hand or by an older version may be looser; the token makes 0600 a must.
    chmodSync(this.conf.path, FILE_MODE);
  }
}
