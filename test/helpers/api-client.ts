// A real server with an admin ApiClient pointed at it: what the run-function tests call run functions with.
import { ApiClient } from '../../src/api/client.js';
import { startTestServer, type TestServer } from './server.js';

export interface ServerWithClient {
  srv: TestServer;
  client: ApiClient;
  close(): Promise<void>;
}

export async function startServerWithClient(): Promise<ServerWithClient> {
  const srv = await startTestServer();
  const client = new ApiClient({
    baseUrl: srv.url,
    token: srv.tokens.admin,
    timeZone: 'UTC',
    timeoutMs: 5000,
    userAgent: 'ccp/test',
  });
  return {
    srv,
    client,
    async close() {
      await client.close();
      await srv.close();
    },
  };
}
