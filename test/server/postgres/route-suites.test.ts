// The server's own route suites again, each on a fresh PostgreSQL database of the run's cluster
// (startTestServer's storeEngine, read from CCP_TEST_STORE): what they promise on SQLite holds on PostgreSQL.
import { describe, expect, inject, it } from 'vitest';
import { startTestServer } from '../../helpers/server.js';

const SUITES = ['edge-devices', 'organizations', 'licenses', 'notifications', 'codes'] as const;

if (inject('pgAdminUrl')) {
  // Set before the suites load: each test server they start reads it (this file runs in a process of its own).
  process.env.CCP_TEST_STORE = 'postgres';
  // What pg warns of: a statement sent on a connection still running another (a transaction's statements
  // run together with Promise.all), which pg 9 refuses.
  const warnings: string[] = [];
  process.on('warning', (w) => {
    if (w.name === 'DeprecationWarning') warnings.push(w.message);
  });
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
  it('sends a connection one statement at a time in every suite (pg warns of none queued behind another)', () => {
    expect(warnings).toEqual([]);
  });
} else {
  describe.skip('the route suites on PostgreSQL (no PostgreSQL for this run)', () => {
    it.skip('needs PostgreSQL: see test/helpers/postgres-setup.ts', () => {});
  });
}
