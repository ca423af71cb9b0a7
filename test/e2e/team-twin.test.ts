// A team twin (cli.md, "A team twin: several servers, one PostgreSQL"): the real bin/ccp.js against a fresh
// PostgreSQL database of the run's cluster (test/helpers/postgres.ts). A URL names the database wherever a
// database is named; its password warns once on the command line and shows nowhere; faults at start exit 5
// or 3; several `ccp server start` on one database are one twin.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CliResult, isolatedEnv, ROOT, spawnCcp, tempDir } from '../helpers/cli.js';
import { freshDatabase, psql } from '../helpers/postgres.js';
import { FIXTURES_DIR } from '../helpers/server.js';
import { startServerProcess } from '../helpers/server-process.js';

const adminUrl = inject('pgAdminUrl');
const pgBin = inject('pgBin');
/** The demo data's root organization (server seed --demo). */
const DEMO_ROOT = 'b58f93c5-e752-4a3d-b848-9e5dc516822b';
const WARNING = 'warning: a password in --db';

/** A fresh database owned by a role of its own that signs in with a password over TCP. */
async function ownedDatabase(password: string): Promise<{ url: string; label: string; user: string }> {
  const admin = new URL(await freshDatabase(adminUrl!));
  const database = admin.pathname.slice(1);
  const user = `ccp_user_${randomBytes(4).toString('hex')}`;
  psql(pgBin!, admin.toString(), `CREATE ROLE ${user} LOGIN PASSWORD '${password}'`);
  psql(pgBin!, admin.toString(), `ALTER DATABASE ${database} OWNER TO ${user}`);
  psql(pgBin!, admin.toString(), `ALTER SCHEMA public OWNER TO ${user}`);
  const label = `${admin.hostname}:${admin.port}/${database}`;
  return { url: `postgresql://${user}:${encodeURIComponent(password)}@${label}`, label, user };
}

const tables = (url: string) =>
  psql(pgBin!, url, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'");

describe.skipIf(!adminUrl)('a team twin on PostgreSQL, end to end', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let env: NodeJS.ProcessEnv;
  const outputs: CliResult[] = [];
  const ccp = async (args: string[], extra: NodeJS.ProcessEnv = {}) => {
    const r = await spawnCcp(args, { env: { ...env, ...extra } });
    outputs.push(r);
    return r;
  };

  beforeAll(async () => {
    tmp = await tempDir('ccp-team-');
    env = isolatedEnv(tmp.dir);
  });
  afterAll(async () => {
    await tmp?.remove();
  });

  it('takes a postgres URL wherever a database is named, warns of its password once, and never shows it', async () => {
    const password = `pw-${randomBytes(6).toString('hex')}`;
    const { url, label } = await ownedDatabase(password);
    const plain = url.replace(`:${encodeURIComponent(password)}@`, '@');

    // Not a twin yet: a command that does not make one says how to and creates nothing.
    const list0 = await ccp(['server', 'token', 'list', '--db', url]);
    expect(list0.code, list0.stderr).toBe(2);
    expect(list0.stderr).toContain(`the database ${label} holds no twin`);
    expect(list0.stderr.split(WARNING).length - 1).toBe(1);
    const edge0 = await ccp(['edgedevice', 'list'], { CCP_DB: url });
    expect(edge0.code, edge0.stderr).toBe(2);
    expect(edge0.stderr).toContain('holds no twin');
    expect(edge0.stderr).not.toContain(WARNING);
    expect(tables(url)).toBe('0');

    const seeded = await ccp(['server', 'seed', '--demo', '--db', url]);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(seeded.stderr.split(WARNING).length - 1).toBe(1);

    // The embedded default itself, on the URL: the listing of the demo data.
    const listed = await ccp(['--db', url, 'edgedevice', 'list', '-o', 'json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBeGreaterThan(0);
    expect(listed.stderr.split(WARNING).length - 1).toBe(1);

    const created = await ccp([
      'server',
      'token',
      'create',
      '--db',
      url,
      '--org',
      DEMO_ROOT,
      '--role',
      'viewer',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const tokens = await ccp(['server', 'token', 'list', '-o', 'json'], { CCP_DB: url });
    expect(tokens.code, tokens.stderr).toBe(0);
    expect(tokens.stderr).toBe('');
    const rows = JSON.parse(tokens.stdout) as Array<{ id: string; role: string }>;
    const viewer = rows.find((t) => t.role === 'viewer')!;
    expect(viewer).toBeDefined();
    const revoked = await ccp(['server', 'token', 'revoke', viewer.id, '--db', url]);
    expect(revoked.code, revoked.stderr).toBe(0);

    // status: the database as host:port/database, the server's version, the counts.
    const status = await ccp(['status', '-o', 'json'], { CCP_DB: url });
    expect(status.code, status.stderr).toBe(0);
    const db = (JSON.parse(status.stdout) as { database: Record<string, unknown> }).database;
    expect(db.path).toBe(label);
    expect(db.engine).toMatch(/^PostgreSQL \d+/);
    expect(db.counts).toMatchObject({ organizations: 8, edgeDevices: 300 });

    // server import, into a database of its own.
    const other = await ownedDatabase(password);
    const imported = await ccp(['server', 'import', join(FIXTURES_DIR, 'basic.json'), '--db', other.url]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(Number(psql(pgBin!, other.url, 'SELECT count(*) FROM edge_devices'))).toBeGreaterThan(0);

    // server start: names the database as host:port/database, and its hints the URL without the password.
    const server = await startServerProcess(url, env);
    try {
      const page = await fetch(`${server.url}/edgedevice/all/0?pageSize=1`);
      expect(page.status).toBe(401);
    } finally {
      await server.stop();
    }
    expect(server.stderr()).toContain(`serving ${label} at`);
    expect(server.stderr()).toContain(`--db ${plain}`);
    expect(server.stderr().split(WARNING).length - 1).toBe(1);

    for (const r of outputs) expect(`${r.stdout}${r.stderr}`).not.toContain(password);
    expect(server.stderr()).not.toContain(password);
    // No file or folder was made from the URL as if it were a path.
    for (const dir of [tmp.dir, ROOT])
      expect(readdirSync(dir).filter((n) => /^postgres/.test(n))).toEqual([]);
  });
});
