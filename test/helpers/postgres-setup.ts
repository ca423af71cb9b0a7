/**
 * vitest's globalSetup for the PostgreSQL suites: one cluster for the whole run (postgres.ts), its superuser URL
 * provided to tests as `pgAdminUrl` (inject) and the binaries' folder as `pgBin`. Without PostgreSQL's binaries
 * the suites skip, saying so in one line; under CI=true (or CCP_REQUIRE_POSTGRES=1, which .ci/run sets) that
 * is a failure, never a skip.
 */
import type { TestProject } from 'vitest/node';
import { findPostgres, startCluster } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL superuser URL; undefined when PostgreSQL is missing here. */
    pgAdminUrl: string | undefined;
    /** The PostgreSQL binaries' folder and version, for tests that start a cluster of their own. */
    pgBin: { dir: string; version: number } | undefined;
    /** Why the PostgreSQL suites skip; undefined when they run. */
    pgMissing: string | undefined;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const pg = findPostgres();
  if ('missing' in pg) {
    if (process.env.CI === 'true' || process.env.CCP_REQUIRE_POSTGRES === '1')
      throw new Error(`the PostgreSQL suites cannot run: ${pg.missing}`);
    process.stderr.write(`PostgreSQL suites skipped: ${pg.missing}\n`);
    project.provide('pgAdminUrl', undefined);
    project.provide('pgBin', undefined);
    project.provide('pgMissing', pg.missing);
    return undefined;
  }
  const cluster = await startCluster(pg);
  if (process.env.CCP_TEST_PG_TIMING) {
    process.stderr.write(`PostgreSQL ${pg.version}: cluster started in ${cluster.startMs.toFixed(0)} ms\n`);
  }
  project.provide('pgAdminUrl', cluster.adminUrl);
  project.provide('pgBin', pg);
  project.provide('pgMissing', undefined);
  return () => cluster.destroy();
}
