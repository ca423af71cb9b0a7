// A team twin's faults while it serves (cli.md, "A team twin", Faults; decisions.md, "Several processes, one
// database"): the real bin/ccp.js `server start` on a PostgreSQL cluster of the test's own
// (test/helpers/postgres.ts, startCluster), which the test stops and starts under it, and a server killed in
// the middle of a batch. The run's shared cluster is never stopped here.
import { execFileSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { ORG, USER } from '../fixtures/basic-ids.js';
import { isolatedEnv, spawnCcp, suiteTemp, tempDir } from '../helpers/cli.js';
import {
  type Cluster,
  freshDatabase,
  giveToOwner,
  psql,
  startCluster,
  templateCluster,
} from '../helpers/postgres.js';
import { timedCall as call, envelope, FIXTURES_DIR, type TimedAnswer } from '../helpers/server.js';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.js';

const adminUrl = inject('pgAdminUrl');
const pgBin = inject('pgBin');
const PAGE = '/edgedevice/all/0?pageSize=500';
const ADD = `/edgedevice/org/${ORG.root}/user/${USER.admin}/add`;

const devices = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    edgeDeviceName: `${tag} ${i}`,
    serialNumber: `SN-${tag}-${i}`,
    ipAdress: '10.9.0.3',
    port: 1883,
  }));

describe.skipIf(!adminUrl)('a team twin on PostgreSQL: faults while serving', () => {
  const suite = suiteTemp('ccp-team-faults-');
  const ccp = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
    spawnCcp(args, { env: { ...suite.env, ...extra } });

  /** A twin of the basic fixture in a fresh database at `admin`'s cluster, and an admin token for it. */
  async function twin(admin: string): Promise<{ url: string; token: string }> {
    const url = await freshDatabase(admin);
    const imported = await ccp(['server', 'import', join(FIXTURES_DIR, 'basic.json'), '--db', url]);
    expect(imported.code, imported.stderr).toBe(0);
    const created = await ccp([
      'server',
      'token',
      'create',
      '--org',
      ORG.root,
      '--role',
      'admin',
      '--db',
      url,
    ]);
    expect(created.code, created.stderr).toBe(0);
    return { url, token: created.stdout.trim() };
  }

  it('a database stopped under a serving server: 503 with Retry-After (never 401 or 500), then serves again by itself', async () => {
    let cluster: Cluster | undefined;
    let server: ServerProcess | undefined;
    try {
      cluster = await startCluster(pgBin!);
      const { url, token } = await twin(cluster.adminUrl);
      server = await startServerProcess(url, suite.env);
      const base = server.url;
      // Warm: the pool holds connections, the token's grant and the listing are known.
      const before = await Promise.all(Array.from({ length: 12 }, () => call(base, token, 'GET', PAGE)));
      for (const r of before) expect(r.status).toBe(200);
      const total = before[0]!.json.data!.length;

      await cluster.stop();
      const unknownToken = 'ccp_not-a-token-this-server-has-seen';
      const down = [
        await call(base, token, 'GET', PAGE),
        await call(base, unknownToken, 'GET', PAGE),
        await call(base, token, 'POST', ADD, envelope(devices('DOWN', 3))),
        await call(base, token, 'GET', `/org/${ORG.root}/org/0`),
        await call(base, token, 'GET', '/codeTypes/0'),
        await call(base, token, 'PUT', '/license/c1000000-0000-4000-8000-000000000001/activate'),
      ];
      for (const r of down) {
        expect(r.status, JSON.stringify(r.json)).toBe(503);
        expect(r.json.statusCode).toBe('SERVICE_UNAVAILABLE');
        expect(r.retryAfter).toMatch(/^\d+$/);
        expect(r.json.reason).toContain(`127.0.0.1:${cluster.port}/ccp_test_`);
        // Within the server's usual limits: a refused connection answers at once, never a hang.
        expect(r.ms).toBeLessThan(12_000);
      }
      // A request without a token needs no database: it is refused as ever.
      expect((await fetch(`${base}${PAGE}`)).status).toBe(401);
      expect(server.stderr()).toMatch(/GET \/edgedevice\/all\/0 StoreError/);

      await cluster.start();
      // Back by itself, within seconds, with no restart: every connection of the pool works (more requests at
      // once than the pool holds, so a dead one kept would be met).
      let back: TimedAnswer | undefined;
      const t0 = performance.now();
      while (performance.now() - t0 < 10_000) {
        back = await call(base, token, 'GET', PAGE);
        if (back.status === 200) break;
        await sleep(100);
      }
      expect(back?.status, JSON.stringify(back?.json)).toBe(200);
      const again = await Promise.all(Array.from({ length: 25 }, () => call(base, token, 'GET', PAGE)));
      for (const r of again) expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(again[0]!.json.data!.length).toBe(total);
      const added = await call(base, token, 'POST', ADD, envelope(devices('BACK', 3)));
      expect(added.json.statusCode, JSON.stringify(added.json)).toBe('OK');
      expect(
        psql(pgBin!, url, "SELECT count(*) FROM edge_devices WHERE serial_number LIKE 'SN-BACK-%'"),
      ).toBe('3');
      expect(
        psql(pgBin!, url, "SELECT count(*) FROM edge_devices WHERE serial_number LIKE 'SN-DOWN-%'"),
      ).toBe('0');
      expect(server.child.exitCode).toBeNull();
    } finally {
      await server?.stop();
      await cluster?.destroy();
    }
  }, 60_000);

  it('a database that goes silent (a partition: no answer, no reset) under a serving server: 503 within 20 s, never a hang, then serves again', async () => {
    const { url, token } = await twin(adminUrl!);
    const target = new URL(url);
    // A TCP proxy between the server and the database that, once frozen, forwards nothing and closes nothing.
    let frozen = false;
    const sockets: Socket[] = [];
    const proxy = createServer((inbound) => {
      sockets.push(inbound);
      if (frozen) return;
      const outbound = connect(Number(target.port), target.hostname);
      sockets.push(outbound);
      for (const [from, to] of [
        [inbound, outbound],
        [outbound, inbound],
      ] as const) {
        from.on('data', (chunk) => {
          if (!frozen) to.write(chunk);
        });
        from.on('error', () => to.destroy());
        from.on('close', () => to.destroy());
      }
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const via = new URL(url);
    via.port = String((proxy.address() as { port: number }).port);
    const server = await startServerProcess(via.toString(), suite.env);
    try {
      const warm = await Promise.all(Array.from({ length: 4 }, () => call(server.url, token, 'GET', PAGE)));
      for (const r of warm) expect(r.status).toBe(200);
      frozen = true;
      const down = await Promise.all([
        call(server.url, token, 'GET', PAGE),
        call(server.url, token, 'POST', ADD, envelope(devices('SILENT', 2))),
      ]);
      for (const r of down) {
        expect(r.status, JSON.stringify(r.json)).toBe(503);
        expect(r.retryAfter).toMatch(/^\d+$/);
        expect(r.json.reason).toContain(via.host);
        expect(r.ms).toBeLessThan(20_000);
      }
      // The partition heals: what was cut stays cut, new connections go through.
      frozen = false;
      for (const socket of sockets.splice(0)) socket.destroy();
      let back: TimedAnswer | undefined;
      const t0 = performance.now();
      while (performance.now() - t0 < 15_000) {
        back = await call(server.url, token, 'GET', PAGE);
        if (back.status === 200) break;
        await sleep(200);
      }
      expect(back?.status, JSON.stringify(back?.json)).toBe(200);
      const again = await Promise.all(Array.from({ length: 12 }, () => call(server.url, token, 'GET', PAGE)));
      for (const r of again) expect(r.status, JSON.stringify(r.json)).toBe(200);
    } finally {
      await server.stop('SIGKILL');
      for (const socket of sockets) socket.destroy();
      proxy.close();
    }
  }, 90_000);

  it("the server's password changed under it: 503 with Retry-After for every operation, never 401, then serves again once it is put back", async () => {
    const url = new URL(await freshDatabase(adminUrl!));
    const database = url.pathname.slice(1);
    const user = `ccp_user_${database.slice(-8)}`;
    psql(pgBin!, url.toString(), `CREATE ROLE ${user} LOGIN PASSWORD 'first-Pa55'`);
    psql(pgBin!, url.toString(), `ALTER DATABASE ${database} OWNER TO ${user}`);
    psql(pgBin!, url.toString(), `ALTER SCHEMA public OWNER TO ${user}`);
    const own = `postgresql://${user}@${url.host}/${database}`;
    const withPassword = { ...suite.env, PGPASSWORD: 'first-Pa55' };
    const run = (args: string[]) => spawnCcp(args, { env: { ...withPassword, CCP_DB: own } });
    expect((await run(['server', 'import', join(FIXTURES_DIR, 'basic.json')])).code).toBe(0);
    const token = (
      await run(['server', 'token', 'create', '--org', ORG.root, '--role', 'admin'])
    ).stdout.trim();
    const server = await startServerProcess(own, withPassword);
    const cut = () =>
      psql(
        pgBin!,
        url.toString(),
        `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE usename = '${user}'`,
      );
    try {
      expect((await call(server.url, token, 'GET', PAGE)).status).toBe(200);
      psql(pgBin!, url.toString(), `ALTER ROLE ${user} PASSWORD 'second-Pa55'`);
      cut();
      for (const r of [
        await call(server.url, token, 'GET', PAGE),
        await call(server.url, token, 'POST', ADD, envelope(devices('REFUSED', 2))),
      ]) {
        expect(r.status, JSON.stringify(r.json)).toBe(503);
        expect(r.json.statusCode).toBe('SERVICE_UNAVAILABLE');
        expect(r.retryAfter).toMatch(/^\d+$/);
        expect(r.json.reason).toContain(`user ${user}`);
        expect(JSON.stringify(r.json)).not.toMatch(/Pa55/);
      }
      psql(pgBin!, url.toString(), `ALTER ROLE ${user} PASSWORD 'first-Pa55'`);
      expect((await call(server.url, token, 'GET', PAGE)).status).toBe(200);
      expect(server.stderr()).not.toMatch(/Pa55/);
    } finally {
      await server.stop();
    }
  });

  /** The server backends of the database that are waiting, or working, on an INSERT of devices. */
  const inserting = (url: string, waiting: boolean) =>
    Number(
      psql(
        pgBin!,
        url,
        `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'ccp'
           AND state = 'active' ${waiting ? "AND wait_event_type = 'Lock'" : ''}`,
      ),
    );
  const ccpBackends = (url: string) =>
    Number(
      psql(
        pgBin!,
        url,
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'ccp'",
      ),
    );
  const countOf = (url: string, tag: string) =>
    Number(psql(pgBin!, url, `SELECT count(*) FROM edge_devices WHERE serial_number LIKE 'SN-${tag}-%'`));

  it('a server killed (SIGKILL) in the middle of a batch of 1,000 leaves it absent; a second server then serves and saves it whole', async () => {
    const { url, token } = await twin(adminUrl!);
    const first = await startServerProcess(url, suite.env);
    let second: ServerProcess | undefined;
    // The batch's devices go in, then it waits for the organizations' counts, which this client holds: the
    // server is killed while its transaction is open, half done.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN; LOCK TABLE org_device_counts IN SHARE MODE');
      const inFlight = call(first.url, token, 'POST', ADD, envelope(devices('KILL', 1000))).catch(
        (err: unknown) => err,
      );
      for (let i = 0; i < 250 && inserting(url, true) === 0; i++) await sleep(20);
      expect(inserting(url, true)).toBe(1);
      await first.stop('SIGKILL');
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(await inFlight).toBeInstanceOf(Error);
      await holder.query('COMMIT');
      // The killed server's backend finds its client gone once it goes on, and rolls the batch back.
      for (let i = 0; i < 250 && ccpBackends(url) > 0; i++) await sleep(20);
      expect(ccpBackends(url)).toBe(0);
      expect(countOf(url, 'KILL')).toBe(0);

      second = await startServerProcess(url, suite.env);
      const page = await call(second.url, token, 'GET', PAGE);
      expect(page.status).toBe(200);
      const again = await call(second.url, token, 'POST', ADD, envelope(devices('KILL', 1000)));
      expect(again.json.statusCode, JSON.stringify(again.json.reason)).toBe('OK');
      expect(countOf(url, 'KILL')).toBe(1000);
      // The organizations' counts moved with the batch, once.
      const counted = psql(pgBin!, url, `SELECT n FROM org_device_counts WHERE org_uuid = '${ORG.root}'`);
      const stored = psql(pgBin!, url, `SELECT count(*) FROM edge_devices WHERE org_uuid = '${ORG.root}'`);
      expect(counted).toBe(stored);
    } finally {
      await holder.end().catch(() => undefined);
      await first.stop('SIGKILL');
      await second?.stop();
    }
  }, 60_000);

  it('a server killed (SIGKILL) while batches are being saved: each batch is whole or absent, never partial', async () => {
    const { url, token } = await twin(adminUrl!);
    const server = await startServerProcess(url, suite.env);
    let second: ServerProcess | undefined;
    try {
      const tags = ['R0', 'R1', 'R2', 'R3', 'R4', 'R5'];
      const sent = tags.map((tag) =>
        call(server.url, token, 'POST', ADD, envelope(devices(tag, 1000))).catch((err: unknown) => err),
      );
      // Killed once a batch is at work in the database, whatever each of the others has done by then.
      for (let i = 0; i < 500 && inserting(url, false) === 0; i++) await sleep(5);
      await server.stop('SIGKILL');
      const answers = await Promise.all(sent);
      for (let i = 0; i < 250 && ccpBackends(url) > 0; i++) await sleep(20);
      const counts = tags.map((tag) => countOf(url, tag));
      for (const n of counts) expect([0, 1000], JSON.stringify(counts)).toContain(n);
      // What a client was told was saved is saved.
      answers.forEach((a, i) => {
        if (!(a instanceof Error) && (a as TimedAnswer).json.statusCode === 'OK')
          expect(counts[i]).toBe(1000);
      });
      expect(answers.some((a) => a instanceof Error)).toBe(true);
      second = await startServerProcess(url, suite.env);
      const page = await call(second.url, token, 'GET', '/edgedevice/all/0?pageSize=1');
      expect(page.status).toBe(200);
      const counted = psql(pgBin!, url, `SELECT n FROM org_device_counts WHERE org_uuid = '${ORG.root}'`);
      const stored = psql(pgBin!, url, `SELECT count(*) FROM edge_devices WHERE org_uuid = '${ORG.root}'`);
      expect(counted).toBe(stored);
    } finally {
      await server.stop('SIGKILL');
      await second?.stop();
    }
  }, 60_000);

  describe('reaching the database', () => {
    /** A fresh database owned by a role of its own that signs in with a password over TCP. */
    async function owned(admin: string, password: string) {
      const url = new URL(await freshDatabase(admin));
      const database = url.pathname.slice(1);
      const user = `ccp_user_${database.slice(-8)}`;
      psql(pgBin!, url.toString(), `CREATE ROLE ${user} LOGIN PASSWORD '${password}'`);
      psql(pgBin!, url.toString(), `ALTER DATABASE ${database} OWNER TO ${user}`);
      psql(pgBin!, url.toString(), `ALTER SCHEMA public OWNER TO ${user}`);
      const label = `${url.hostname}:${url.port}/${database}`;
      return { label, user, database, port: url.port, plain: `postgresql://${user}@${label}` };
    }

    /** Each command exits 5 naming the database (`label`) and TLS, and never shows `password`. */
    async function expectTlsRefused(
      cases: [args: string[], extra: NodeJS.ProcessEnv][],
      label: string,
      password: string,
    ): Promise<void> {
      for (const [args, extra] of cases) {
        const r = await ccp(args, extra);
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(5);
        expect(r.stderr).toContain(label);
        expect(r.stderr).toMatch(/TLS/);
        expect(`${r.stdout}${r.stderr}`).not.toContain(password);
      }
    }

    it('TLS that fails (sslmode=require on a server without TLS): exit 5 naming host:port/database, never the password', async () => {
      const password = 'tls-Pa55-never-shown';
      const { label, plain } = await owned(adminUrl!, password);
      const url = plain.replace('@', `:${password}@`);
      await expectTlsRefused(
        [
          [['server', 'start', '--port', '0', '--db', `${url}?sslmode=require`], {}],
          [['server', 'token', 'list'], { CCP_DB: `${url}?sslmode=require` }],
          [['--verbose', 'edgedevice', 'list'], { CCP_DB: url, PGSSLMODE: 'require' }],
          [['status'], { CCP_DB: `${url}?sslmode=verify-full` }],
        ],
        label,
        password,
      );
    });

    it('TLS checked against --ca-file (or CCP_CA_FILE): the right CA serves, a wrong one exits 5 naming the database, never the password', async () => {
      const dir = await tempDir('ccp-pg-tls-');
      let cluster: Cluster | undefined;
      try {
        // A CA, a server certificate it signed for 127.0.0.1, and another CA that signed nothing.
        const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir.dir, stdio: 'pipe' });
        const ca = (name: string) =>
          ssl(
            'req',
            '-x509',
            '-newkey',
            'ec',
            '-pkeyopt',
            'ec_paramgen_curve:prime256v1',
            '-nodes',
            '-days',
            '1',
            '-subj',
            `/CN=${name}`,
            '-keyout',
            `${name}.key`,
            '-out',
            `${name}.pem`,
          );
        ca('right-ca');
        ca('wrong-ca');
        ssl(
          'req',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-subj',
          '/CN=127.0.0.1',
          '-keyout',
          'server.key',
          '-out',
          'server.csr',
        );
        writeFileSync(join(dir.dir, 'san.ext'), 'subjectAltName = IP:127.0.0.1\n');
        ssl(
          'x509',
          '-req',
          '-in',
          'server.csr',
          '-CA',
          'right-ca.pem',
          '-CAkey',
          'right-ca.key',
          '-CAcreateserial',
          '-days',
          '1',
          '-extfile',
          'san.ext',
          '-out',
          'server.crt',
        );
        chmodSync(join(dir.dir, 'server.key'), 0o600);
        for (const f of ['server.key', 'server.crt', '']) giveToOwner(join(dir.dir, f));
        cluster = await startCluster(pgBin!, templateCluster(pgBin!), [
          'ssl=on',
          `ssl_cert_file=${join(dir.dir, 'server.crt')}`,
          `ssl_key_file=${join(dir.dir, 'server.key')}`,
        ]);
        const password = 'tls-Verified-pa55';
        const { plain, label } = await owned(cluster.adminUrl, password);
        const url = `${plain.replace('@', `:${password}@`)}?sslmode=verify-full`;
        const right = join(dir.dir, 'right-ca.pem');
        const wrong = join(dir.dir, 'wrong-ca.pem');

        const seeded = await ccp(['server', 'seed', '--demo', '--ca-file', right], { CCP_DB: url });
        expect(seeded.code, seeded.stderr).toBe(0);
        const listed = await ccp(['edgedevice', 'list', '--limit', '1', '-o', 'json'], {
          CCP_DB: url,
          CCP_CA_FILE: right,
        });
        expect(listed.code, listed.stderr).toBe(0);
        // No runtime warning (an IP address as the TLS server name is one).
        for (const r of [seeded, listed]) expect(r.stderr).not.toMatch(/Warning/);
        await expectTlsRefused(
          [
            [['server', 'token', 'list', '--ca-file', wrong], { CCP_DB: url }],
            [['server', 'start', '--port', '0', '--ca-file', wrong], { CCP_DB: url }],
            [['edgedevice', 'list'], { CCP_DB: url, CCP_CA_FILE: wrong }],
            // Without a CA, the server's certificate is no one's the runtime trusts.
            [['server', 'token', 'list'], { CCP_DB: url }],
          ],
          label,
          password,
        );
      } finally {
        await cluster?.destroy();
        await dir.remove();
      }
    }, 60_000);

    it('postgresql:///db with PGHOST (the socket folder), PGPORT and PGUSER: every command, and a server, on that database', async () => {
      let cluster: Cluster | undefined;
      let server: ServerProcess | undefined;
      try {
        cluster = await startCluster(pgBin!);
        const database = new URL(await freshDatabase(cluster.adminUrl)).pathname.slice(1);
        const libpq = { PGHOST: cluster.socketDir, PGPORT: String(cluster.port), PGUSER: 'postgres' };
        const url = `postgresql:///${database}`;
        const seeded = await ccp(['server', 'seed', '--demo', '--db', url], libpq);
        expect(seeded.code, seeded.stderr).toBe(0);
        const status = await ccp(['status', '-o', 'json'], { ...libpq, CCP_DB: url });
        expect(status.code, status.stderr).toBe(0);
        const db = (
          JSON.parse(status.stdout) as { database: { path: string; counts: { edgeDevices: number } } }
        ).database;
        expect(db.path).toBe(`${cluster.socketDir}:${cluster.port}/${database}`);
        expect(db.counts.edgeDevices).toBe(300);
        // Over the socket, not TCP: the server's backends have no client address.
        const token = (
          await ccp(
            [
              'server',
              'token',
              'create',
              '--org',
              'b58f93c5-e752-4a3d-b848-9e5dc516822b',
              '--role',
              'viewer',
            ],
            { ...libpq, CCP_DB: url },
          )
        ).stdout.trim();
        server = await startServerProcess(url, { ...suite.env, ...libpq });
        expect(server.stderr()).toContain(`serving ${cluster.socketDir}:${cluster.port}/${database} at`);
        const page = await call(server.url, token, 'GET', '/edgedevice/all/0?pageSize=5');
        expect(page.status).toBe(200);
        expect(page.json.data).toHaveLength(5);
        expect(
          psql(
            pgBin!,
            cluster.adminUrl,
            `SELECT count(*) FROM pg_stat_activity WHERE datname = '${database}' AND application_name = 'ccp' AND client_addr IS NOT NULL`,
          ),
        ).toBe('0');
        // PGDATABASE names the database when the URL names none.
        const listed = await ccp(['edgedevice', 'list', '--limit', '2', '-o', 'json'], {
          ...libpq,
          PGDATABASE: database,
          CCP_DB: 'postgresql://',
        });
        expect(listed.code, listed.stderr).toBe(0);
        // No runtime warning (an IP address as the TLS server name is one).
        for (const r of [seeded, listed]) expect(r.stderr).not.toMatch(/Warning/);
        expect(JSON.parse(listed.stdout)).toHaveLength(2);
      } finally {
        await server?.stop();
        await cluster?.destroy();
      }
    }, 60_000);

    it('~/.pgpass gives the password a URL leaves out; without it the user is refused (exit 3); nothing shows it', async () => {
      const password = 'from-Pgpass-only-77';
      const { label, plain, user, database, port } = await owned(adminUrl!, password);
      const home = await tempDir('ccp-pgpass-');
      const own = isolatedEnv(home.dir);
      const run = (args: string[]) => spawnCcp(args, { env: { ...own, CCP_DB: plain } });
      try {
        const refused = await run(['server', 'seed', '--demo']);
        expect(refused.code, refused.stderr).toBe(3);
        expect(refused.stderr).toContain(`user ${user} on ${label}`);
        writeFileSync(join(home.dir, '.pgpass'), `127.0.0.1:${port}:${database}:${user}:${password}\n`, {
          mode: 0o600,
        });
        const results = [
          await run(['server', 'seed', '--demo']),
          await run(['--verbose', 'edgedevice', 'list', '--limit', '1', '-o', 'json']),
          await run(['status', '-o', 'json']),
        ];
        for (const r of results) {
          expect(r.code, r.stderr).toBe(0);
          expect(`${r.stdout}${r.stderr}`).not.toContain(password);
        }
        expect(JSON.parse(results[1]!.stdout)).toHaveLength(1);
        const server = await startServerProcess(plain, own);
        await server.stop();
        expect(server.stderr()).toContain(`serving ${label} at`);
        expect(server.stderr()).not.toContain(password);
      } finally {
        await home.remove();
      }
    });

    it('a password in --db warns, and no output, --verbose trace or error shows it', async () => {
      const password = 'in-the-URL-Pa55';
      const { plain, label } = await owned(adminUrl!, password);
      const url = plain.replace('@', `:${encodeURIComponent(password)}@`);
      const results = [
        await ccp(['server', 'seed', '--demo', '--db', url]),
        await ccp(['--verbose', '--db', url, 'edgedevice', 'list', '--limit', '1', '-o', 'json']),
        await ccp(['--verbose', '--db', url, 'status', '-o', 'json']),
        await ccp(['--verbose', '--db', url, 'edgedevice', 'get', 'no-such-serial']),
        await ccp(['--db', url.replace(password, 'wrong-Pa55'), 'edgedevice', 'list']),
      ];
      expect(results.map((r) => r.code)).toEqual([0, 0, 0, 4, 3]);
      for (const r of results) {
        expect(r.stderr).toContain('warning: a password in --db');
        expect(`${r.stdout}${r.stderr}`).not.toContain(password);
        expect(`${r.stdout}${r.stderr}`).not.toContain('wrong-Pa55');
      }
      expect(results[2]!.stdout).toContain(label);
    });
  });

  it('server clone into a PostgreSQL URL: a second server on that database serves the cloned devices', async () => {
    const DEMO_ROOT = 'b58f93c5-e752-4a3d-b848-9e5dc516822b';
    const source = join(suite.dir, 'source.db');
    expect((await ccp(['server', 'seed', '--demo', '--db', source])).code).toBe(0);
    const sourceToken = (
      await ccp(['server', 'token', 'create', '--org', DEMO_ROOT, '--role', 'admin', '--db', source])
    ).stdout.trim();
    const service = await startServerProcess(source, suite.env);
    let twinServer: ServerProcess | undefined;
    // A home of its own: the profile it makes is no other test's.
    const home = await tempDir('ccp-clone-pg-');
    const own = isolatedEnv(home.dir);
    try {
      for (const [k, v] of [
        ['base-url', service.url],
        ['token', sourceToken],
        ['org', DEMO_ROOT],
      ] as const) {
        const set = await spawnCcp(['config', 'set', '--profile', 'prod', k, v], { env: own });
        expect(set.code, set.stderr).toBe(0);
      }
      const url = await freshDatabase(adminUrl!);
      const cloned = await spawnCcp(['server', 'clone', '--from', 'prod', '--db', url, '-o', 'json'], {
        env: own,
        timeoutMs: 60_000,
      });
      expect(cloned.code, cloned.stderr).toBe(0);
      const summary = JSON.parse(cloned.stdout) as { edgeDevices: number; organizations: number };
      expect(summary.edgeDevices).toBe(300);
      expect(Number(psql(pgBin!, url, 'SELECT count(*) FROM edge_devices'))).toBe(300);
      expect(Number(psql(pgBin!, url, 'SELECT coalesce(sum(n), 0) FROM org_device_counts'))).toBe(300);

      const token = (
        await ccp(['server', 'token', 'create', '--org', DEMO_ROOT, '--role', 'viewer', '--db', url])
      ).stdout.trim();
      twinServer = await startServerProcess(url, suite.env);
      const all = '/edgedevice/all/0?pageSize=1000';
      const [theirs, ours] = await Promise.all([
        call(service.url, sourceToken, 'GET', all),
        call(twinServer.url, token, 'GET', all),
      ]);
      expect(ours.status).toBe(200);
      expect(ours.json.data).toHaveLength(300);
      // The same devices, uuids and instants as the service gave them.
      expect(ours.json.data).toEqual(theirs.json.data);
    } finally {
      await twinServer?.stop();
      await service.stop();
      await home.remove();
    }
  }, 90_000);

  it('a database reachable but wrong under a serving server: /healthz answers 503 saying what is wrong', async () => {
    const { url, token } = await twin(adminUrl!);
    const label = url.replace('postgresql://postgres@', '');
    const server = await startServerProcess(url, suite.env);
    const health = async () => {
      const res = await fetch(`${server.url}/healthz`);
      return {
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        json: (await res.json()) as { status?: string; statusCode?: string; reason?: string },
      };
    };
    try {
      const ok = await health();
      expect(ok.status).toBe(200);
      expect(ok.json).toMatchObject({ status: 'ok', schemaVersion: 1 });

      // A newer ccp's schema, written while this server serves.
      psql(pgBin!, url, "UPDATE ccp_schema SET version = 99, written_by = '9.9.9'");
      const newer = await health();
      expect(newer.status).toBe(503);
      expect(newer.retryAfter).toMatch(/^\d+$/);
      expect(newer.json.statusCode).toBe('SERVICE_UNAVAILABLE');
      expect(newer.json.reason).toContain(label);
      expect(newer.json.reason).toContain(
        'its schema is version 99 (written by ccp 9.9.9); this ccp expects 1',
      );
      psql(pgBin!, url, 'UPDATE ccp_schema SET version = 1');
      expect((await health()).status).toBe(200);

      // A table gone: the server says which.
      psql(pgBin!, url, 'DROP TABLE notification_configurations');
      const dropped = await health();
      expect(dropped.status).toBe(503);
      expect(dropped.json.reason).toContain('tables missing: notification_configurations');

      // The whole twin gone.
      psql(pgBin!, url, 'DROP TABLE ccp_schema');
      const gone = await health();
      expect(gone.status).toBe(503);
      expect(gone.json.reason).toContain('it holds no twin');
      // Listings still answer as they can: the token's table is there.
      expect((await call(server.url, token, 'GET', PAGE)).status).toBe(200);
      expect(server.stderr()).toMatch(/GET \/healthz StoreError/);
    } finally {
      await server.stop();
    }
  });

  it('ccp status on a database reachable but wrong (a table gone): exit 1, the database marked, the problem named', async () => {
    const { url } = await twin(adminUrl!);
    const label = url.replace('postgresql://postgres@', '');
    const whole = await ccp(['status', '-o', 'json'], { CCP_DB: url });
    expect(whole.code, whole.stderr).toBe(0);
    expect(JSON.parse(whole.stdout).database).toMatchObject({ ok: true, integrity: 'ok' });
    psql(pgBin!, url, 'DROP TABLE notification_configurations');
    const status = await ccp(['status', '-o', 'json'], { CCP_DB: url });
    expect(status.code, status.stderr).toBe(1);
    const db = (JSON.parse(status.stdout) as { database: { ok: boolean; path: string; integrity: string } })
      .database;
    expect(db).toMatchObject({ ok: false, path: label });
    expect(db.integrity).toContain('tables missing: notification_configurations');
    const text = await ccp(['status', '-o', 'table'], { CCP_DB: url });
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`✗ database ${label}`);
    expect(text.stdout).toContain('✗ integrity check: tables missing: notification_configurations');
  });
});
