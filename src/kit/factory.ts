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
  setGlobals(flags: GlobalOptions): void;
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
   * A client for settings not saved yet (`login` checks them with one request), with --timeout or the
   * default, and the --verbose trace; api() then gives it, so an error names the URL it went to.
   */
  checkingClient(target: CheckTarget): Promise<ApiClient>;
  /** Whether the client api() or checkingClient() made sends a token, and whether it is login's check. */
  sent(): { token: boolean; checking: boolean } | undefined;
  /** Closes what api() opened (the client's connections, an embedded server). */
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
  clock?: Clock;
  prompter?: Prompter;
  /** Tests may fix the configuration instead of resolving it from flags, env and profiles. */
  config?: (flags: GlobalOptions) => Promise<ResolvedConfig>;
}

export function createFactory(opts: FactoryOptions): Factory {
  const { io } = opts;
  let flags: GlobalOptions = {};
  let configPromise: Promise<ResolvedConfig> | undefined;
  let apiPromise: Promise<ApiClient> | undefined;
  let credentialsPromise: Promise<Credentials> | undefined;
  let embedded: EmbeddedServer | undefined;
  let client: ApiClient | undefined;
  // The twin's lookups, made when a verb first asks for them: most verbs look nothing up.
  let twin: (() => Promise<TwinLookup | undefined>) | undefined;
  let sent: { token: boolean; checking: boolean } | undefined;

  // The one place a client is made: every command's requests get the same user agent, Ctrl-C and trace.
  const build = async (
    o: Omit<ApiClientOptions, 'userAgent' | 'env' | 'signal' | 'trace'>,
    checking: boolean,
  ): Promise<ApiClient> => {
    const { ApiClient } = await import('../api/client.js');
    client = new ApiClient({
      ...o,
      userAgent: `ccp/${cliVersion()}`,
      env: io.env,
      signal: io.signal,
      trace: flags.verbose ? (line) => io.writeErr(`${line}\n`) : undefined,
    });
    sent = { token: o.token !== undefined && o.token !== '', checking };
    return client;
  };

  const factory: Factory = {
    io,
    prompter: opts.prompter ?? inquirerPrompter(io),
    clock: opts.clock ?? systemClock,
    globals: () => flags,
    setGlobals(next) {
      flags = next;
      io.setColor(next.color !== false);
      io.setNoInput(next.input === false);
      io.setQuiet(next.quiet === true);
    },
    config() {
      configPromise ??= (async () => {
        let token = flags.token;
        if (token === '-') {
          const { tokenFromStdin } = await import('./credentials.js');
          // On a terminal, stdin is a person: ask without echo rather than wait for an end of file.
          token =
            io.stdinIsTTY && io.canPrompt()
              ? await factory.prompter.password({ message: 'Token (not shown)', flag: '--token' })
              : await tokenFromStdin(io);
        } else if (token !== undefined) {
          const { HISTORY_WARNING } = await import('./credentials.js');
          io.warn(HISTORY_WARNING);
        }
        if (flags.db !== undefined && urlHasPassword(flags.db)) {
          (await import('./credentials.js')).warnDbPassword(io, flags.db);
        }
        const globalFlags: GlobalFlags = {
          baseUrl: flags.baseUrl,
          token,
          authScheme: flags.authScheme,
          headers: flags.header?.join('\n'),
          caFile: flags.caFile,
          clientCert: flags.clientCert,
          clientKey: flags.clientKey,
          insecure: flags.insecure ? 'true' : undefined,
          csvRaw: flags.csvRaw ? 'true' : undefined,
          profile: flags.profile,
          profileFlag: flags.profileFlag,
          timeZone: flags.timeZone,
          org: flags.org,
          user: flags.user,
          db: flags.db,
          output: flags.json ? 'json' : flags.output,
          timeout: flags.timeout,
          timestamps: flags.timestamps,
          parallel: flags.parallel,
        };
        if (opts.config)
          return opts.config({ ...flags, ...globalFlags, insecure: flags.insecure, csvRaw: flags.csvRaw });
        // A ConfigError thrown here is a usage error (exit 2): src/cli/exit-codes.ts maps it, like every error.
        const { resolveConfig } = await import('../config/index.js');
        return resolveConfig(globalFlags, io.env);
      })();
      return configPromise;
    },
    credentials() {
      credentialsPromise ??= (async () => {
        const cfg = await factory.config();
        const { resolveCredentials } = await import('./credentials.js');
        return resolveCredentials(cfg, io.env);
      })();
      return credentialsPromise;
    },
    api() {
      apiPromise ??= (async () => {
        // The client module loads while the configuration is read; then the embedded server's modules, or
        // for a base URL the HTTP transport (undici), before a request's time and spinner start.
        const clientModule = import('../api/client.js');
        const cfg = await factory.config();
        const embeddedModule = cfg.baseUrl ? undefined : import('./embedded-server.js');
        const httpModule = cfg.baseUrl
          ? clientModule.then((m) => m.loadHttpTransport(cfg.baseUrl, io.env))
          : undefined;
        await clientModule;
        let baseUrl = cfg.baseUrl;
        let token: string | undefined;
        let org = cfg.org;
        let tls: import('../api/client.js').TlsOptions | undefined;
        if (httpModule) {
          const { clearTextWarning, tlsOptions } = await import('./credentials.js');
          tls = tlsOptions(cfg);
          token = (await factory.credentials()).token;
          const clear = clearTextWarning(baseUrl!, token, cfg.headers);
          if (clear) io.warn(clear);
          if (cfg.insecure) {
            io.warn(
              'warning: TLS verification is off (--insecure or the profile key insecure): anyone on the path can read and change this traffic',
            );
          }
          await httpModule;
        }
        if (!baseUrl) {
          const { startEmbedded } = await (embeddedModule ?? import('./embedded-server.js'));
          embedded = await startEmbedded({ dbPath: cfg.db, io, env: io.env, clock: factory.clock });
          baseUrl = embedded.url;
          token ??= cfg.token ?? embedded.token;
          org ??= embedded.orgUuid;
          const { lookup } = embedded;
          const twinToken = token;
          let made: Promise<TwinLookup | undefined> | undefined;
          twin = () => {
            made ??= lookup(twinToken, cfg.timeZone);
            return made;
          };
        }
        const waiting = embedded ? 'Waiting for the local server' : `Waiting for ${new URL(baseUrl).host}`;
        return build(
          {
            baseUrl,
            token,
            authScheme: cfg.authScheme,
            headers: cfg.headers,
            tls,
            timeZone: cfg.timeZone,
            orgUuid: org,
            userUuid: cfg.user,
            timeoutMs: cfg.timeoutMs,
            // In process, pages are answered one after another on one thread: nothing to overlap.
            parallel: embedded ? 1 : cfg.parallel,
            ...(embedded ? { transport: embedded.transport } : {}),
            pending: () => io.busy(waiting),
          },
          false,
        );
      })();
      return apiPromise;
    },
    async checkingClient(target) {
      // No profile to read yet (login is making it): --timeout, else the default.
      const [{ loadHttpTransport }, keys] = await Promise.all([
        import('../api/client.js'),
        import('../config/keys.js'),
      ]);
      await loadHttpTransport();
      const timeoutMs =
        keys.parseTimeout(flags.timeout ?? keys.DEFAULT_TIMEOUT) ?? keys.parseTimeout(keys.DEFAULT_TIMEOUT)!;
      const made = build(
        {
          ...target,
          timeoutMs,
          pending: () => io.busy(`Checking ${new URL(target.baseUrl).host}`),
          retries: 0,
        },
        true,
      );
      apiPromise = made;
      return made;
    },
    sent: () => sent,
    async lookup() {
      await factory.api();
      return twin?.();
    },
    async databaseFacts() {
      try {
        await factory.api();
      } catch {
        return undefined;
      }
      return embedded?.facts();
    },
    async tokenActsFor(token) {
      await factory.api();
      return embedded?.actsFor(token);
    },
    async dispose() {
      const c = client;
      const e = embedded;
      twin = undefined;
      client = undefined;
      sent = undefined;
      embedded = undefined;
      apiPromise = undefined;
      await c?.close();
      await e?.close();
    },
  };
  return factory;
}
