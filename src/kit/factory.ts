import type { ApiClient, ApiClientOptions, TlsOptions, TokenScheme } from '../api/client.js';
import type { GlobalFlags, ResolvedConfig } from '../config/index.js';
import { type Clock, systemClock } from '../domain/clock.js';
import { urlHasPassword } from '../domain/db-location.js';
import type { TwinLookup } from '../domain/lookup.js';
import type { TokenActsFor } from '../server/index.js';
import type { Credentials } from './credentials.js';
import type { DatabaseFacts, EmbeddedServer } from './embedded-server.js';
import type { IO } from './io.js';
import { inquirerPrompter, type Prompter } from './prompter.js';
import { cliVersion } from './version.js';

/** Global flags as the program parsed them, before config resolution. */
export interface GlobalOptions extends Omit<GlobalFlags, 'headers' | 'insecure' | 'csvRaw'> {
  /** -H, repeatable. */
  header?: string[];
  insecure?: boolean;
  csvRaw?: boolean;
  json?: boolean;
  fields?: string;
  color?: boolean;
  verbose?: boolean;
  quiet?: boolean;
  input?: boolean;
}

/** What commands take their parts from (gh's cmdutil.Factory): each member loads its modules on first use. */
export interface Factory {
  readonly io: IO;
  readonly prompter: Prompter;
  readonly clock: Clock;
  /** The global flags of the command being run. */
  globals(): GlobalOptions;
  config(): Promise<ResolvedConfig>;
  /** The token a remote command sends and where it came from (a profile's token-command runs here, once). */
  credentials(): Promise<Credentials>;
  /** The client for the configured service, or for the embedded server over the local database. */
  api(): Promise<ApiClient>;
  /**
   * On the embedded default, reads of the local database by its indexes (cli.md, "Lookups on the twin"),
   * as the client's token and time zone would see it; undefined against a remote service.
   */
  lookup(): Promise<TwinLookup | undefined>;
  /**
   * On the embedded default, the local database's counts and integrity as its server reads them; undefined
   * against a remote service, or when api() failed.
   */
  databaseFacts(): Promise<DatabaseFacts | undefined>;
  /** On the embedded default, the organization and role a token acts for (no route tells it). */
  tokenActsFor(token: string): Promise<TokenActsFor | undefined>;
  /**
   * A new client for settings not saved yet (`login` checks them with one request), with --timeout or the
   * default, and the --verbose trace. Its caller closes it.
   */
  checkingClient(target: CheckTarget): Promise<ApiClient>;
  /** Closes what was made (the client's connections, an embedded server). */
  dispose(): Promise<void>;
}

/** What `login` is about to save: where the service is and how it takes the secret. */
export interface CheckTarget {
  baseUrl: string;
  token: string;
  authScheme: TokenScheme;
  headers: Array<[string, string]>;
  tls: TlsOptions;
  timeZone: string;
}

export interface FactoryOptions {
  io: IO;
  /** The global flags as the program parsed them: read when a part is first made, which is after parsing. */
  flags: () => GlobalOptions;
  clock?: Clock;
  prompter?: Prompter;
  /** Tests may fix the configuration instead of resolving it from flags, env and profiles. */
  config?: (flags: GlobalOptions) => Promise<ResolvedConfig>;
}

/** A part made on first use and kept, its failure too; `made()` gives it only if it was asked for. */
export interface Once<T> {
  (): Promise<T>;
  made(): Promise<T> | undefined;
}

export function once<T>(make: () => Promise<T>): Once<T> {
  let kept: Promise<T> | undefined;
  return Object.assign(() => (kept ??= make()), { made: () => kept });
}

/** Awaits a part if it was made, for disposal: a part that failed to be made has nothing to close. */
async function ifMade<T>(part: Once<T>, close: (value: T) => Promise<void> | undefined): Promise<void> {
  const value = await part.made()?.catch(() => undefined);
  if (value !== undefined) await close(value);
}

export function createFactory(opts: FactoryOptions): Factory {
  const { io, flags } = opts;
  const clock = opts.clock ?? systemClock;
  // Made when a command first asks something: most never do.
  let asker = opts.prompter;
  const prompter = (): Prompter => (asker ??= inquirerPrompter(io));

  // The one place a client is made: every command's requests get the same user agent, Ctrl-C and trace.
  const makeClient = async (
    o: Omit<ApiClientOptions, 'userAgent' | 'env' | 'signal' | 'trace'>,
  ): Promise<ApiClient> => {
    const { ApiClient } = await import('../api/client.js');
    return new ApiClient({
      ...o,
      userAgent: `ccp/${cliVersion()}`,
      env: io.env,
      signal: io.signal,
      trace: flags().verbose ? (line) => io.writeErr(`${line}\n`) : undefined,
    });
  };

  // --token as given: `-` reads it from stdin; one on the command line is warned about.
  const tokenFlag = async (token: string | undefined): Promise<string | undefined> => {
    if (token === undefined) return undefined;
    const { HISTORY_WARNING, tokenFromStdin } = await import('./credentials.js');
    if (token !== '-') {
      io.warn(HISTORY_WARNING);
      return token;
    }
    // On a terminal, stdin is a person: ask without echo rather than wait for an end of file.
    return io.stdinIsTTY && io.canPrompt()
      ? prompter().password({ message: 'Token (not shown)', flag: '--token' })
      : tokenFromStdin(io);
  };

  // The config file, read once: the profiles the configuration resolves, and the embedded server's token.
  const configFile = once(async () => (await import('../config/index.js')).ConfigFile.read(io.env));

  const config = once(async (): Promise<ResolvedConfig> => {
    const g = flags();
    const token = await tokenFlag(g.token);
    if (g.db !== undefined && urlHasPassword(g.db)) {
      (await import('./credentials.js')).warnDbPassword(io, g.db);
    }
    const globalFlags: GlobalFlags = {
      baseUrl: g.baseUrl,
      token,
      authScheme: g.authScheme,
      headers: g.header?.join('\n'),
      caFile: g.caFile,
      clientCert: g.clientCert,
      clientKey: g.clientKey,
      insecure: g.insecure ? 'true' : undefined,
      csvRaw: g.csvRaw ? 'true' : undefined,
      profile: g.profile,
      profileFlag: g.profileFlag,
      timeZone: g.timeZone,
      org: g.org,
      user: g.user,
      db: g.db,
      output: g.json ? 'json' : g.output,
      timeout: g.timeout,
      timestamps: g.timestamps,
      parallel: g.parallel,
    };
    if (opts.config) return opts.config({ ...g, ...globalFlags, insecure: g.insecure, csvRaw: g.csvRaw });
    // A ConfigError thrown here is a usage error (exit 2): src/cli/exit-codes.ts maps it, like every error.
    const { resolveConfig } = await import('../config/index.js');
    return resolveConfig(globalFlags, io.env, await configFile());
  });

  const credentials = once(async (): Promise<Credentials> => {
    const cfg = await config();
    const { resolveCredentials } = await import('./credentials.js');
    return resolveCredentials(cfg, io.env);
  });

  // The local database served in this process, when no base URL is configured; undefined otherwise.
  const embedded = once(async (): Promise<EmbeddedServer | undefined> => {
    const cfg = await config();
    if (cfg.baseUrl) return undefined;
    const { startEmbedded } = await import('./embedded-server.js');
    return startEmbedded({
      dbPath: cfg.db,
      io,
      env: io.env,
      clock,
      // TLS to a PostgreSQL database: --ca-file or CCP_CA_FILE, as for the server commands.
      caFile: flags().caFile ?? (io.env.CCP_CA_FILE || undefined),
      configFile,
    });
  });

  // A remote service's TLS settings and token, its warnings said, and its transport made (undici loaded:
  // https or a proxy) while the token is read, before a request's time and spinner start.
  const remote = once(async () => {
    const client = import('../api/client.js');
    const cfg = await config();
    const { clearTextWarning, tlsOptions } = await import('./credentials.js');
    const baseUrl = cfg.baseUrl!;
    const tls = tlsOptions(cfg);
    const transport = client.then((m) => m.connectTransport(new URL(baseUrl), io.env, tls, cfg.timeoutMs));
    transport.catch(() => undefined);
    const { token } = await credentials();
    const clear = clearTextWarning(baseUrl, token, cfg.headers);
    if (clear) io.warn(clear);
    if (cfg.insecure) {
      io.warn(
        'warning: TLS verification is off (--insecure or the profile key insecure): anyone on the path can read and change this traffic',
      );
    }
    return { baseUrl, token, tls, transport: await transport };
  });

  const api = once(async (): Promise<ApiClient> => {
    // The client module loads while the configuration is read, then the embedded server's modules or the
    // HTTP transport's.
    const clientModule = import('../api/client.js');
    const cfg = await config();
    const [server] = await Promise.all([embedded(), clientModule]);
    const common = {
      authScheme: cfg.authScheme,
      headers: cfg.headers,
      timeZone: cfg.timeZone,
      userUuid: cfg.user,
      timeoutMs: cfg.timeoutMs,
    };
    if (server) {
      return makeClient({
        ...common,
        baseUrl: server.url,
        token: cfg.token ?? server.token,
        orgUuid: cfg.org ?? server.orgUuid,
        // In process, pages are answered one after another on one thread: nothing to overlap.
        parallel: 1,
        transport: server.transport,
        pending: () => io.busy('Waiting for the local server'),
      });
    }
    const { baseUrl, token, tls, transport } = await remote();
    return makeClient({
      ...common,
      baseUrl,
      token,
      tls,
      transport,
      orgUuid: cfg.org,
      parallel: cfg.parallel,
      pending: () => io.busy(`Waiting for ${new URL(baseUrl).host}`),
    });
  });

  // The twin's lookups, made when a verb first asks for them: most verbs look nothing up.
  const lookup = once(async (): Promise<TwinLookup | undefined> => {
    const [server, cfg] = await Promise.all([embedded(), config()]);
    return server?.lookup(cfg.token ?? server.token, cfg.timeZone);
  });

  return {
    io,
    get prompter() {
      return prompter();
    },
    clock,
    globals: flags,
    config,
    credentials,
    api,
    lookup,
    async databaseFacts() {
      const server = await embedded().catch(() => undefined);
      return server?.facts();
    },
    async tokenActsFor(token) {
      return (await embedded())?.actsFor(token);
    },
    async checkingClient(target) {
      // No profile to read yet (login is making it): --timeout, else the default.
      const [{ connectTransport }, keys] = await Promise.all([
        import('../api/client.js'),
        import('../config/keys.js'),
      ]);
      const timeoutMs =
        keys.parseTimeout(flags().timeout ?? keys.DEFAULT_TIMEOUT) ??
        keys.parseTimeout(keys.DEFAULT_TIMEOUT)!;
      return makeClient({
        ...target,
        timeoutMs,
        transport: await connectTransport(new URL(target.baseUrl), io.env, target.tls, timeoutMs),
        pending: () => io.busy(`Checking ${new URL(target.baseUrl).host}`),
        retries: 0,
      });
    },
    async dispose() {
      // The client first: its requests in flight end before the server they go to closes.
      await ifMade(api, (c) => c.close());
      await ifMade(embedded, (e) => e?.close());
    },
  };
}
