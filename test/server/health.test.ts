// GET /healthz, outside the interface: what a load balancer probes. Public, a real check of the store; on
// SQLite here (test/e2e/team-twin-faults.test.ts has PostgreSQL's, a database found wrong included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('GET /healthz', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(async () => {
    await srv?.close();
  });

  it('answers 200 without a token, with the schema version and nothing a token would be needed for', async () => {
    const res = await fetch(`${srv.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['schemaVersion', 'status']);
    expect(body.status).toBe('ok');
    expect(body.schemaVersion).toBeGreaterThan(0);
  });
});
