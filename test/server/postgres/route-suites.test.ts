// The server's own route suites again, each on a fresh PostgreSQL database of the run's cluster
// (startTestServer's storeEngine, read from CCP_TEST_STORE): what they promise on SQLite holds on PostgreSQL.
import { describe, expect, inject, it } from 'vitest';
import { startTestServer } from '../../helpers/server.js';

const SUITES = ['edge-devices', 'organizations', 'licenses', 'notifications', 'codes'] as const;

if (inject('pgAdminUrl')) {
  // Set before the suites load: each test server they start reads it (this file runs in a process of its own).
  process.env.CCP_TEST_STORE = 'postgres';
  it('starts its test servers on PostgreSQL', async () => {
    const srv = await startTestServer();
    try {
      expect(srv.dbPath).toMatch(/^postgres(ql)?:\/\//);
      expect((await srv.store.health()).engine).toMatch(/^PostgreSQL /);
    } finally {
      await srv.close();
    }
  });
  for (const name of SUITES) {
    await import(`../${name}.test.ts`);
  }
} else {
  describe.skip('the route suites on PostgreSQL (no PostgreSQL for this run)', () => {
    it.skip('needs PostgreSQL: see test/helpers/postgres-setup.ts', () => {});
  });
}
