// A throwaway PostgreSQL for the benchmarks: the tests' cluster (test/helpers/postgres.ts, which needs no
// vitest) copied from its template into a temp folder, on a unix socket and loopback, stopped by its pid. Its
// settings are the tests' (no fsync): the figures compare ccp with a bare client on the same cluster.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore } from '../../src/server/index.js';
import { type Cluster, findPostgres, startCluster } from '../../test/helpers/postgres.js';
import { BENCH_ORG } from './devices.js';

export interface BenchCluster {
  /** The superuser URL of a new, empty database on the cluster, named `name` (a random one unless given). */
  database(name?: string): Promise<string>;
  /**
   * A new database holding the twin's tables, and the bench organization unless `bare`: made once, then copied
   * (CREATE DATABASE ... TEMPLATE).
   */
  twin(opts?: { bare?: boolean }): Promise<string>;
  /** Runs `sql` on the database of `url`. */
  query(url: string, sql: string, values?: unknown[]): Promise<pg.QueryResult>;
  stop(): Promise<void>;
}

/** A cluster of its own, or why there is none (PostgreSQL not installed). */
export async function benchCluster(): Promise<BenchCluster | { missing: string }> {
  const found = findPostgres();
  if ('missing' in found) return found;
  const cluster: Cluster = await startCluster(found);
  const urlOf = (name: string) => {
    const u = new URL(cluster.adminUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const query = async (url: string, sql: string, values?: unknown[]) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await c.query(sql, values);
    } finally {
      await c.end();
    }
  };
  const fresh = () => `ccp_bench_${randomBytes(5).toString('hex')}`;
  const templates = new Map<boolean, string>();
  return {
    async database(name = fresh()) {
      await query(cluster.adminUrl, `CREATE DATABASE ${name}`);
      return urlOf(name);
    },
    async twin({ bare = false } = {}) {
      let template = templates.get(bare);
      if (!template) {
        template = fresh();
        await query(cluster.adminUrl, `CREATE DATABASE ${template}`);
        const store = await openStore(urlOf(template));
        if (!bare)
          await store.bulk((s) => s.organizations.put({ uuid: BENCH_ORG, orgName: 'Bench Org' }, Date.now()));
        await store.close();
        templates.set(bare, template);
      }
      const name = fresh();
      await query(cluster.adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      return urlOf(name);
    },
    query,
    stop: () => cluster.destroy(),
  };
}

/** `count` devices of BENCH_ORG in the twin at `url`, one millisecond apart, made by one SQL statement. */
export async function fillDevices(c: BenchCluster, url: string, count: number): Promise<void> {
  await c.query(
    url,
    `INSERT INTO edge_devices (uuid, org_uuid, edge_device_name, serial_number, serial_key, ip_adress, port,
       location, short_description, is_active, is_disabled, created_on, modified_on)
     SELECT lpad(to_hex(i), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(i), 12, '0'), $2, 'gateway ' || i,
       'SN-' || lpad(i::text, 7, '0'), 'SN-' || lpad(i::text, 7, '0'),
       '10.' || ((i >> 16) & 255) || '.' || ((i >> 8) & 255) || '.' || (i & 255), 1024 + i % 60000,
       'Hall ' || (i % 12), 'Bench device ' || i, 1, 0, $3::int8 + i, $3::int8 + i
     FROM generate_series(0, $1::int8 - 1) AS i`,
    [count, BENCH_ORG, Date.now() - count],
  );
  await c.query(
    url,
    `INSERT INTO org_device_counts (org_uuid, n) VALUES ($1, $2)
     ON CONFLICT (org_uuid) DO UPDATE SET n = org_device_counts.n + EXCLUDED.n`,
    [BENCH_ORG, count],
  );
  await c.query(url, 'VACUUM ANALYZE');
}
