// What a command on the embedded default needs of the server (src/kit/embedded-server.ts): the store, its tokens
// and the in-process service. Unlike index.ts it reaches nothing that loads zod (the fixtures, the OpenAPI
// builder): a listing builds no schema, and the demo data loads only to seed a new database.
import type { Store } from './store/port.js';

export { authenticator, createToken, tokenActsFor, tokenIsValid } from './auth.js';
export { inProcessService } from './in-process.js';
export { openStore } from './store/open.js';
export { isStoreFailure, storeCause } from './store-failure.js';
export { twinLookup } from './twin-lookup.js';

/** Organizations without a parent, oldest first: where the first admin token goes. */
export function rootOrganizations(store: Store): Promise<{ uuid: string; orgName: string | null }[]> {
  return store.organizations.roots();
}
