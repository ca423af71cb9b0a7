// The README's team twin, end to end (cli.md, "A team twin"): a PostgreSQL database, two `ccp server start`
// on it, real nginx in front (TLS, an upstream of both), a token made with `server token create`, and `ccp`
// pointed at nginx. A write through nginx is read through each server directly; with one server stopped,
// nginx's other serves the same twin; a token revoked in the database is refused through nginx.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ORG } from '../fixtures/basic-ids.js';
import { addAsAdmin, isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { type Daemon, haveDaemons, makePki, type Pki, startNginx } from '../helpers/daemons.js';
import { closedPort } from '../helpers/fake-service.js';
import { freshDatabase, psql } from '../helpers/postgres.js';
import { FIXTURES_DIR } from '../helpers/server.js';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.js';

const adminUrl = inject('pgAdminUrl');
const pgBin = inject('pgBin');
const NO_PROXY_ENV = { http_proxy: '', https_proxy: '', HTTP_PROXY: '', HTTPS_PROXY: '' };

describe.skipIf(!adminUrl || !haveDaemons())('the README team twin: PostgreSQL, two servers, nginx', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let env: NodeJS.ProcessEnv;
  let url: string;
  let pki: Pki;
  let nginx: Daemon | undefined;
  let servers: ServerProcess[] = [];
  let base: string[];

  beforeAll(async () => {
    tmp = await tempDir('ccp-team-nginx-');
    env = isolatedEnv(tmp.dir, NO_PROXY_ENV);
    url = await freshDatabase(adminUrl!);
    const imported = await spawnCcp(['server', 'import', join(FIXTURES_DIR, 'basic.json'), '--db', url], {
      env,
    });
    expect(imported.code, imported.stderr).toBe(0);
    servers = await Promise.all([startServerProcess(url, env), startServerProcess(url, env)]);
    pki = makePki(join(tmp.dir, 'pki'));
    const port = await closedPort();
    const upstream = servers.map((s) => `server ${new URL(s.url).host} max_fails=1 fail_timeout=30s;`);
    nginx = await startNginx(
      join(tmp.dir, 'nginx'),
      'http://ccp_twin',
      [
        {
          port,
          // As the README's example: the interface's time_zone header has an underscore, which nginx drops
          // by default.
          lines: [
            `ssl_certificate ${pki.serverCert};`,
            `ssl_certificate_key ${pki.serverKey};`,
            'underscores_in_headers on;',
          ],
        },
      ],
      [`upstream ccp_twin { ${upstream.join(' ')} }`],
    );
    base = ['--base-url', `https://localhost:${port}`, '--ca-file', pki.caPem];
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await tmp?.remove();
  });

  const direct = async (server: ServerProcess, token: string) => {
    const res = await fetch(`${server.url}/edgedevice/all/0?pageSize=500`, {
      headers: { authorization: `Bearer ${token}`, time_zone: 'UTC' },
    });
    const body = (await res.json()) as { data?: Array<{ serialNumber: string }> };
    return { status: res.status, serials: (body.data ?? []).map((d) => d.serialNumber) };
  };

  it('a token from server token create works through nginx; a write through it is seen by each server; one server stopped, the other serves; revoked, refused', async () => {
    const created = await spawnCcp(
      ['server', 'token', 'create', '--db', url, '--org', ORG.root, '--role', 'admin'],
      { env },
    );
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.trim();
    const ccp = (args: string[]) => spawnCcp([...base, ...args], { env: { ...env, CCP_TOKEN: token } });

    const before = await ccp(['edgedevice', 'list', '--all', '-o', 'json']);
    expect(before.code, before.stderr).toBe(0);
    const count = (JSON.parse(before.stdout) as unknown[]).length;
    expect(count).toBeGreaterThan(0);

    // Several requests through nginx: round robin sends them to both servers, one twin all the same.
    for (let i = 0; i < 4; i++) {
      const added = await ccp(
        addAsAdmin(
          '--name',
          `Through nginx ${i}`,
          '--serial',
          `SN-NGINX-${i}`,
          '--ip',
          `10.8.0.${i + 1}`,
          '--port',
          '1883',
        ),
      );
      expect(added.code, added.stderr).toBe(0);
    }
    for (const server of servers) {
      const seen = await direct(server, token);
      expect(seen.status).toBe(200);
      for (let i = 0; i < 4; i++) expect(seen.serials).toContain(`SN-NGINX-${i}`);
    }
    expect(psql(pgBin!, url, "SELECT count(*) FROM edge_devices WHERE serial_number LIKE 'SN-NGINX-%'")).toBe(
      '4',
    );

    const health = await ccp(['api', 'GET', '/healthz']);
    expect(health.code, health.stderr).toBe(0);
    expect(health.stdout).toContain('schemaVersion');

    // One server gone: nginx's other serves the same twin, the devices added through either included.
    await servers[0]!.stop();
    for (let i = 0; i < 3; i++) {
      const after = await ccp(['edgedevice', 'list', '--all', '-o', 'json']);
      expect(after.code, after.stderr).toBe(0);
      expect((JSON.parse(after.stdout) as unknown[]).length).toBe(count + 4);
    }

    // Revoked in the database, by another process: refused through nginx at the next request (exit 3).
    const tokens = await spawnCcp(['server', 'token', 'list', '--db', url, '-o', 'json'], { env });
    const id = (JSON.parse(tokens.stdout) as Array<{ id: string }>)[0]!.id;
    const revoked = await spawnCcp(['server', 'token', 'revoke', id, '--db', url], { env });
    expect(revoked.code, revoked.stderr).toBe(0);
    const refused = await ccp(['edgedevice', 'list', '-o', 'json']);
    expect(refused.code, refused.stderr).toBe(3);
  }, 120_000);
});
