// What a command on the embedded default needs of the server (src/kit/embedded-server.ts): its start over the
// local database and the in-process service. Unlike index.ts it reaches nothing that loads zod (the fixtures,
// the OpenAPI builder): a listing builds no schema, and the demo data loads only to seed a new database.
import type { Store } from './store/port.js';

export type { TokenActsFor } from './auth.js';
export {
  type AccessBook,
  type DatabaseFacts,
  type EmbeddedAccess,
  type EmbeddedService,
  EmptyDatabaseError,
  embeddedLocation,
  openEmbeddedDatabase,
  serveEmbedded,
} from './embedded-bootstrap.js';
export { isStoreError } from './store/port.js';

/** Resolves once the report workers being ended have exited, or after `ms` (reports/pool.ts). */
export async function reportWorkersEnded(ms: number): Promise<void> {
  const { workersEnded } = await import('./reports/pool.js');
  return workersEnded(ms);
}
export { isStoreFailure, storeCause } from './store-failure.js';

/** Organizations without a parent, oldest first: where the first admin token goes. */
export function rootOrganizations(store: Store): Promise<{ uuid: string; orgName: string | null }[]> {
  return store.organizations.roots();
}
