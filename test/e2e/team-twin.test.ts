// A team twin (cli.md, "A team twin: several servers, one PostgreSQL"): the real bin/ccp.js against a fresh
// PostgreSQL database of the run's cluster (test/helpers/postgres.ts). A URL names the database wherever a
// database is named; its password warns once on the command line and shows nowhere; faults at start exit 5
// or 3; several `ccp server start` on one database are one twin.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { ORG, USER } from '../fixtures/basic-ids.js';
import { type CliResult, isolatedEnv, ROOT, spawnCcp, suiteTemp, tempDir } from '../helpers/cli.js';
import { freePort, freshDatabase, psql } from '../helpers/postgres.js';
import { envelope, FIXTURES_DIR, timedCall } from '../helpers/server.js';
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
  const suite = suiteTemp('ccp-team-');
  const outputs: CliResult[] = [];
  const ccp = async (args: string[], extra: NodeJS.ProcessEnv = {}) => {
    const r = await spawnCcp(args, { env: { ...suite.env, ...extra } });
    outputs.push(r);
    return r;
  };

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
    const server = await startServerProcess(url, suite.env);
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
    for (const dir of [suite.dir, ROOT])
      expect(readdirSync(dir).filter((n) => /^postgres/.test(n))).toEqual([]);
  });

  it("a profile's db names the database for server commands and the embedded default, without a warning", async () => {
    const password = `pw-${randomBytes(6).toString('hex')}`;
    const { url, label } = await ownedDatabase(password);
    const home = await tempDir('ccp-team-profile-');
    const own = isolatedEnv(home.dir);
    try {
      const run = (args: string[]) => spawnCcp(args, { env: own });
      const results = [await run(['config', 'set', 'db', url])];
      results.push(await run(['server', 'seed', '--demo']));
      results.push(await run(['edgedevice', 'list', '-o', 'json']));
      results.push(await run(['server', 'token', 'list', '-o', 'json']));
      results.push(await run(['status', '-o', 'json']));
      results.push(await run(['config', 'list', '-o', 'json']));
      for (const r of results) {
        expect(r.code, r.stderr).toBe(0);
        expect(r.stderr).not.toContain(WARNING);
        expect(`${r.stdout}${r.stderr}`).not.toContain(password);
      }
      expect((JSON.parse(results[2]!.stdout) as unknown[]).length).toBeGreaterThan(0);
      expect((JSON.parse(results[3]!.stdout) as unknown[]).length).toBe(1);
      expect((JSON.parse(results[4]!.stdout) as { database: { path: string } }).database.path).toBe(label);
      expect(Number(psql(pgBin!, url, 'SELECT count(*) FROM edge_devices'))).toBe(300);
    } finally {
      await home.remove();
    }
  });

  describe('faults at start', () => {
    it('a database that refuses the connection: exit 5 naming it as host:port/database, for every command', async () => {
      const port = await freePort();
      const password = `pw-${randomBytes(6).toString('hex')}`;
      const url = `postgresql://someone:${password}@127.0.0.1:${port}/twin`;
      for (const args of [
        ['server', 'start', '--port', '0', '--db', url],
        ['server', 'token', 'list', '--db', url],
        ['server', 'seed', '--demo', '--db', url],
        ['--db', url, 'edgedevice', 'list'],
        ['--db', url, 'status'],
      ]) {
        const r = await ccp(args);
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(5);
        expect(r.stderr).toContain(`127.0.0.1:${port}/twin`);
        expect(r.stderr).not.toContain(password);
      }
    });

    it('a database that never answers: exit 5 after the 10 s connect timeout', async () => {
      const held: Socket[] = [];
      const silent = createServer((socket) => void held.push(socket));
      await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
      const { port } = silent.address() as { port: number };
      try {
        const t0 = performance.now();
        const r = await spawnCcp(['server', 'token', 'list'], {
          env: { ...suite.env, CCP_DB: `postgresql://someone@127.0.0.1:${port}/twin`, PGPASSWORD: 'x' },
          timeoutMs: 25_000,
        });
        const s = (performance.now() - t0) / 1000;
        expect(r.code, r.stderr).toBe(5);
        expect(r.stderr).toContain(`127.0.0.1:${port}/twin`);
        expect(s).toBeGreaterThan(9.5);
        expect(s).toBeLessThan(20);
      } finally {
        for (const socket of held) socket.destroy();
        silent.close();
      }
    }, 30_000);

    it('a refused user or password: exit 3 naming the user and the database', async () => {
      const { url, label } = await ownedDatabase('right-password');
      const wrong = url.replace('right-password', 'wrong-password');
      const user = new URL(url).username;
      for (const args of [
        ['server', 'start', '--port', '0'],
        ['server', 'token', 'list'],
        ['edgedevice', 'list'],
      ]) {
        const r = await ccp(args, { CCP_DB: wrong });
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(3);
        expect(r.stderr).toContain(`user ${user} on ${label}`);
        expect(r.stderr).not.toContain('wrong-password');
      }
    });

    it('a database without the tables: server start makes them; other commands say how and make nothing', async () => {
      const { url, label } = await ownedDatabase('pw');
      for (const args of [
        ['status'],
        ['server', 'token', 'create', '--org', DEMO_ROOT, '--role', 'admin'],
        ['edgedevice', 'list'],
      ]) {
        const r = await ccp(args, { CCP_DB: url });
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
        expect(r.stderr).toContain(`the database ${label} holds no twin: make one with ccp server seed`);
      }
      expect(tables(url)).toBe('0');
      const server = await startServerProcess(url, suite.env);
      try {
        // The notes follow the line that says where it listens.
        for (let i = 0; i < 100 && !server.stderr().includes('create a token'); i++) await sleep(20);
        expect(server.stderr()).toContain('the database is new and empty');
        expect(Number(tables(url))).toBeGreaterThan(0);
        expect((await fetch(`${server.url}/edgedevice/all/0`)).status).toBe(401);
      } finally {
        await server.stop();
      }
    });
  });

  describe('several servers, one database', () => {
    const call = (base: string, token: string, method: string, path: string, body?: unknown) =>
      timedCall<{ serialNumber: string }>(base, token, method, path, body);
    const page = '/edgedevice/all/0?pageSize=500';

    it('a device added through one server is listed through the other at its next request; a revoked token is refused by both', async () => {
      const { url } = await ownedDatabase('pw');
      const imported = await ccp(['server', 'import', join(FIXTURES_DIR, 'basic.json')], { CCP_DB: url });
      expect(imported.code, imported.stderr).toBe(0);
      const created = await ccp(['server', 'token', 'create', '--org', ORG.root, '--role', 'admin'], {
        CCP_DB: url,
      });
      expect(created.code, created.stderr).toBe(0);
      const token = created.stdout.trim();
      const [a, b] = await Promise.all([
        startServerProcess(url, suite.env),
        startServerProcess(url, suite.env),
      ]);
      try {
        // Both have read the listing and checked the token once: whatever they keep is warm.
        const before = await call(b.url, token, 'GET', page);
        expect(before.status).toBe(200);
        expect((await call(a.url, token, 'GET', page)).status).toBe(200);
        const total = Number(before.total);

        const added = await call(
          a.url,
          token,
          'POST',
          `/edgedevice/org/${ORG.root}/user/${USER.admin}/add`,
          envelope([
            { edgeDeviceName: 'Through A', serialNumber: 'SN-TEAM-1', ipAdress: '10.9.0.1', port: 1883 },
          ]),
        );
        expect(added.json.statusCode, JSON.stringify(added.json)).toBe('OK');
        const after = await call(b.url, token, 'GET', page);
        expect(after.total).toBe(String(total + 1));
        expect(after.json.data!.map((d) => d.serialNumber)).toContain('SN-TEAM-1');
        // In the PostgreSQL database, not in a file of the URL's name.
        expect(psql(pgBin!, url, "SELECT count(*) FROM edge_devices WHERE serial_number = 'SN-TEAM-1'")).toBe(
          '1',
        );

        const tokens = await ccp(['server', 'token', 'list', '-o', 'json'], { CCP_DB: url });
        const id = (JSON.parse(tokens.stdout) as Array<{ id: string }>)[0]!.id;
        const revoked = await ccp(['server', 'token', 'revoke', id, '--db', url]);
        expect(revoked.code, revoked.stderr).toBe(0);
        expect((await call(a.url, token, 'GET', page)).status).toBe(401);
        expect((await call(b.url, token, 'GET', page)).status).toBe(401);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    });

    it('two servers starting at once on an empty database both make it a twin and serve', async () => {
      const { url } = await ownedDatabase('pw');
      expect(tables(url)).toBe('0');
      const [a, b] = await Promise.all([
        startServerProcess(url, suite.env),
        startServerProcess(url, suite.env),
      ]);
      try {
        // No token yet: both answer as a twin does, with 401, never a 500.
        expect((await fetch(`${a.url}${page}`)).status).toBe(401);
        expect((await fetch(`${b.url}${page}`)).status).toBe(401);
        expect(psql(pgBin!, url, 'SELECT count(*) FROM ccp_schema')).toBe('1');
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    });

    it('clashing bulk adds through two servers: exactly one batch saved, the other CCP-DM-006', async () => {
      const { url } = await ownedDatabase('pw');
      await ccp(['server', 'import', join(FIXTURES_DIR, 'basic.json')], { CCP_DB: url });
      const token = (
        await ccp(['server', 'token', 'create', '--org', ORG.root, '--role', 'admin'], { CCP_DB: url })
      ).stdout.trim();
      const [a, b] = await Promise.all([
        startServerProcess(url, suite.env),
        startServerProcess(url, suite.env),
      ]);
      try {
        const total = Number((await call(a.url, token, 'GET', page)).total);
        const rows = (tag: string) =>
          Array.from({ length: 500 }, (_, i) => ({
            edgeDeviceName: `${tag} ${i}`,
            serialNumber: `SN-${tag}-${i}`,
            ipAdress: '10.9.0.2',
            port: 1883,
          }));
        const clash = (n: number) => ({
          edgeDeviceName: `clash ${n}`,
          serialNumber: `SN-CLASH-${n}`,
          port: 1,
        });
        // The clashing serials at both ends, in opposite orders: the two may also deadlock, which is retried.
        const first = [clash(1), ...rows('A'), clash(2)];
        const second = [clash(2), ...rows('B'), clash(1)];
        const add = `/edgedevice/org/${ORG.root}/user/${USER.admin}/add`;
        const answers = await Promise.all([
          call(a.url, token, 'POST', add, envelope(first)),
          call(b.url, token, 'POST', add, envelope(second)),
        ]);
        const codes = answers.map((r) => r.json.statusCode).sort();
        expect(
          codes,
          JSON.stringify(answers.map((r) => [r.status, r.json.statusCode, r.json.reason])),
        ).toEqual(['CCP-DM-006', 'OK']);
        const after = await call(b.url, token, 'GET', page);
        expect(after.total).toBe(String(total + 502));
        // Counted in the database: a page of 500 need not hold any one serial.
        const saved = (tag: string) =>
          psql(pgBin!, url, `SELECT count(*) FROM edge_devices WHERE serial_number LIKE 'SN-${tag}-%'`);
        expect([saved('A'), saved('B')].sort()).toEqual(['0', '500']);
        expect(
          psql(pgBin!, url, "SELECT count(*) FROM edge_devices WHERE serial_number LIKE 'SN-CLASH-%'"),
        ).toBe('2');
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    });
  });
});
