// The embedded server's public API (docs/architecture.md): the CLI and the tests use only this.

export { createApp } from './app.js';
export type { Role, TokenActsFor } from './auth.js';
export { createToken, listTokens, revokeToken, tokenActsFor, tokenIsValid } from './auth.js';
export type { InProcessAnswer, InProcessRequest, InProcessService } from './in-process.js';
export { inProcessService } from './in-process.js';
export { type CopyWriter, copyWriter } from './loading/copy.js';
export { changedDemoRecords, seedDemo } from './loading/demo.js';
export type { ImportSummary } from './loading/import.js';
export { importFixture, importRecords } from './loading/import.js';
export { fileRecords } from './loading/record-stream.js';
export { openApiDocument } from './openapi/document.js';
export { isStoreFailure, storeCause } from './store-failure.js';

import type { Handler } from './app.js';
import type { ServeOptions, ServerHandle, StartServerOptions } from './serve.js';

export type { ServerHandle };

// node:http loads with the first server started: the embedded default calls the handler in process.
/** Binds the handler; resolves once listening. */
export async function serve(handler: Handler, opts?: ServeOptions): Promise<ServerHandle> {
  return (await import('./serve.js')).serve(handler, opts);
}

/** Opens the store when given a path (and closes it on close), builds the app and serves it. */
export async function startServer(opts: StartServerOptions): Promise<ServerHandle> {
  return (await import('./serve.js')).startServer(opts);
}
export { rootOrganizations } from './embedded.js';
export { isPostgresUrl, type OpenStoreOptions, openStore } from './store/open.js';
export type { RecordCounts, Session, Store, StoreHealth } from './store/port.js';
export { isStoreError, StoreError } from './store/port.js';
