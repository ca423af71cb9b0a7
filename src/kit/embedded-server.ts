// The embedded default (docs/architecture.md): with no base URL, the local database is served in this
// process for the command's duration. The server opens and bootstraps it (server/embedded-bootstrap.ts), the
// client's requests reach its handler without a socket (api/in-process-transport.ts); this wires the two,
// keeps the token in the config file, and says a failure to start in the CLI's terms.
import type { Transport } from '../api/exchange.js';
import { ApiError } from '../api/request-errors.js';
import type { ConfigReader } from '../config/index.js';
import type { Clock } from '../domain/clock.js';
import { shownLocation } from '../domain/db-location.js';
import type { DatabaseFacts, EmbeddedService } from '../server/embedded.js';
import { notCcpDatabase, UsageError } from './command-errors.js';
import type { IO } from './io.js';

export type { DatabaseFacts };

/** The base URL requests to the embedded server are written against: a name only, nothing listens there. */
export const EMBEDDED_URL = 'http://embedded.localhost';

/** The embedded service (its lookups, facts and token) with the transport that carries requests to it. */
export interface EmbeddedServer extends Omit<EmbeddedService, 'service'> {
  url: string;
  /** Hands each request to the server's handler in this process. */
  transport: Transport;
}

export interface EmbeddedOptions {
  dbPath: string;
  io: IO;
  env: NodeJS.ProcessEnv;
  clock?: Clock;
  /** A CA certificate file for TLS to a PostgreSQL database (`--ca-file`, CCP_CA_FILE). */
  caFile?: string | undefined;
  /** The config file as the command read it (kit/factory.ts): where the token is found, most times. */
  configFile: () => Promise<Pick<ConfigReader, 'embeddedAccess'>>;
}

/** Serves the local database in process, with an admin token kept in the config file. */
export async function startEmbedded(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const [{ defaultDbPath, ConfigFile }, server, { inProcessTransport }] = await Promise.all([
    import('../config/index.js'),
    import('../server/embedded.js'),
    import('../api/in-process-transport.js'),
  ]);
  const { env, io } = opts;
  const clock = opts.clock ? { clock: opts.clock } : {};
  /** A failure to start as the CLI tells it; `opened`: whether the database had been reached. */
  const startFailure = (err: unknown, opened: boolean, shown: string): unknown => {
    const refused = notCcpDatabase(err);
    if (refused) return refused;
    if (err instanceof server.EmptyDatabaseError) {
      return new UsageError(err.message, {
        hint: `load data first: ccp server seed --demo --db ${shown}  (or: ccp server import FILE --db ${shown})`,
      });
    }
    // A database that cannot be reached, or refuses the user, when the command starts: exit 5 or 3, its own
    // message (cli/exit-codes.ts), as a remote service that cannot be reached is exit 5.
    const kind = server.isStoreError(err) ? err.kind : undefined;
    if (!opened && (kind === 'unavailable' || kind === 'auth')) return err;
    // What the embedded service would answer (decisions.md), said as plainly: the command fails (exit 1).
    if (server.isStoreFailure(err)) {
      return new ApiError({
        code: 'SERVICE_UNAVAILABLE',
        reason: `The service is unavailable: ${server.storeCause(err)}`,
        httpStatus: 503,
        subject: shown,
      });
    }
    return err;
  };
  const db = await server
    .openEmbeddedDatabase({
      location: opts.dbPath,
      defaultPath: defaultDbPath(env),
      caFile: opts.caFile,
      ...clock,
    })
    .catch((err: unknown) => {
      throw startFailure(err, false, shownLocation(server.embeddedLocation(opts.dbPath)));
    });
  const embedded = await server
    .serveEmbedded(db, {
      // Most commands find the token: the config file is read without conf, which loads only to write it.
      book: {
        read: async () => (await opts.configFile()).embeddedAccess(db.location),
        async open() {
          const file = await ConfigFile.open(env);
          return {
            read: () => file.embeddedAccess(db.location),
            write: (access) => file.setEmbeddedAccess(db.location, access),
          };
        },
      },
      note: (line) => io.note(line),
      ...clock,
    })
    .catch((err: unknown) => {
      throw startFailure(err, true, db.shown);
    });
  const transport = inProcessTransport(embedded.service);
  // A report being rendered when the process must exit at once: its worker is ended first (pool.ts).
  const unhold = io.holdExit((ms) => server.reportWorkersEnded(ms));
  return {
    url: EMBEDDED_URL,
    transport,
    token: embedded.token,
    orgUuid: embedded.orgUuid,
    lookup: embedded.lookup,
    facts: embedded.facts,
    actsFor: embedded.actsFor,
    async close() {
      unhold();
      await transport.close();
      await embedded.close();
    },
  };
}
