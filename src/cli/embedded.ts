import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ApiError } from '../api/errors.js';
import type { Clock } from '../domain/clock.js';
import type { Store } from '../server/index.js';
import { UsageError } from './errors.js';
import type { IO } from './io.js';

export interface EmbeddedServer {
  url: string;
  token: string;
  orgUuid: string;
  close(): Promise<void>;
}

export interface EmbeddedOptions {
  dbPath: string;
  io: IO;
  env: NodeJS.ProcessEnv;
  clock?: Clock;
}

/**
 * The embedded default (docs/architecture.md): with no base URL, serve the local database on a loopback
 * port for the command's duration, with an admin token kept in the config file. Only the default database
 * is seeded with demo data (when new or without any organization); an explicit --db is taken as given.
 */
export async function startEmbedded(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const [{ defaultDbPath, ConfigStore }, server] = await Promise.all([
    import('../config/index.js'),
    import('../server/index.js'),
  ]);
  const dbPath = resolve(opts.dbPath);
  const isDefault = dbPath === resolve(defaultDbPath(opts.env));
  const isNew = !existsSync(dbPath);
  if (isNew) mkdirSync(dirname(dbPath), { recursive: true });
  let opened: Store | undefined;
  try {
    const store = server.openStore(dbPath, opts.clock ? { clock: opts.clock } : undefined);
    opened = store;
    const config = await ConfigStore.open(opts.env);
    const ready = () => {
      const access = config.embeddedAccess(dbPath);
      const seeded = !isDefault || server.rootOrganizations(store).length > 0;
      return seeded && access && server.tokenIsValid(store, access.token) ? access : undefined;
    };
    // Several commands may start at once on a new database. Seeding and the token are decided under the
    // database's write lock, so one of them seeds and creates the token and the others find both.
    const access =
      ready() ??
      store.tx(() => {
        // A default database left empty (by an interrupted first run, say) is seeded too.
        if (isDefault && server.rootOrganizations(store).length === 0) {
          const seeded = server.seedDemo(store);
          opts.io.note(
            `ccp: ${isNew ? 'created' : 'seeded'} ${dbPath} with demo data (${seeded.organizations} organizations, ${seeded.edgeDevices} edge devices); ` +
              'set --base-url or CCP_BASE_URL to work with a remote service',
          );
        }
        const found = ready();
        if (found) return found;
        const root = server.rootOrganizations(store)[0];
        if (!root) {
          throw new UsageError(`the database ${dbPath} holds no organization`, {
            hint: `load data first: ccp server seed --demo --db ${dbPath}  (or: ccp server import FILE --db ${dbPath})`,
          });
        }
        const created = {
          token: server.createToken(store, { orgUuid: root.uuid, role: 'admin' }),
          orgUuid: root.uuid,
        };
        // Written while the lock is held: a command waiting for the lock reads it when it gets it.
        config.setEmbeddedAccess(dbPath, created);
        return created;
      });
    const handle = await server.startServer({
      store,
      host: '127.0.0.1',
      port: 0,
      ...(opts.clock ? { clock: opts.clock } : {}),
    });
    const { token, orgUuid } = access;
    return {
      url: handle.url,
      token,
      orgUuid,
      async close() {
        await handle.close();
        store.close();
      },
    };
  } catch (err) {
    opened?.close();
    // What the embedded service would answer (decisions.md), said as plainly: the command fails (exit 1).
    if (server.isStoreFailure(err)) {
      throw new ApiError({
        code: 'SERVICE_UNAVAILABLE',
        reason: `The service is unavailable: ${server.storeCause(err)}`,
        httpStatus: 503,
        subject: dbPath,
      });
    }
    throw err;
  }
}
