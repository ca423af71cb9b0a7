// decisions.md "Several processes, one database": a server keeps its POSIX locks on the database whatever it
// does. On Linux, closing any descriptor of a file drops every lock the process holds on it (SQLite's "How To
// Corrupt" §2.2): a report (whose worker once opened the database again in the server's process) followed by
// another process opening and closing the file (`server token revoke`) used to leave the server without its
// locks: the -wal and -shm deleted under it, a revoked token still accepted, a new one refused, writes of the
// server and of the CLI unseen by each other, and a damaged file once it stopped.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../../src/server/store/sqlite.js';
import { ORG, USER } from '../../fixtures/basic-ids.js';
import { addAsAdmin, isolatedEnv, spawnCcp, tempDir } from '../../helpers/cli.js';
import { FIXTURES_DIR } from '../../helpers/server.js';
import { type ServerProcess, startServerProcess } from '../../helpers/server-process.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let db: string;
let server: ServerProcess | undefined;

async function ccp(args: string[]): Promise<string> {
  const r = await spawnCcp([...args, '--db', db], { env, timeoutMs: 60_000 });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trim();
}

async function call(token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await request(`${server!.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', time_zone: 'UTC' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the envelope is asserted field by field
  return { status: res.statusCode, body: (await res.body.json()) as any };
}

/**
 * Whether process `pid` holds a POSIX lock on the file `path` (Linux's /proc/locks names the file by its
 * device and inode). A WAL connection holds a shared lock on the database file for as long as it is open.
 */
function holdsLock(pid: number, path: string): boolean {
  const inode = statSync(path).ino;
  return readFileSync('/proc/locks', 'utf8')
    .split('\n')
    .some((line) => {
      const f = line.trim().split(/\s+/);
      return f[1] === 'POSIX' && f[4] === String(pid) && f[5]?.endsWith(`:${inode}`);
    });
}

beforeAll(async () => {
  tmp = await tempDir('ccp-locks-');
  env = isolatedEnv(tmp.dir);
  db = join(tmp.dir, 'served.db');
  await ccp(['server', 'import', join(FIXTURES_DIR, 'basic.json')]);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await tmp.remove();
});

describe('a served database after a report and another process opening it', () => {
  it('a revoked token is refused, a new one accepted, writes seen both ways, the file whole after', async () => {
    const admin = await ccp(['server', 'token', 'create', '--org', ORG.root, '--role', 'admin']);
    const doomed = await ccp(['server', 'token', 'create', '--org', ORG.root, '--role', 'viewer']);
    server = await startServerProcess(db, env);
    expect((await call(doomed, 'GET', '/codeTypes/0?pageSize=1')).status).toBe(200);

    const report = await call(admin, 'POST', '/download', {
      data: [{ templateKey: 'edge-devices', fileType: 'csv' }],
    });
    expect(report.body.statusCode, report.body.reason).toBe('OK');
    if (process.platform === 'linux') expect(holdsLock(server.child.pid!, db)).toBe(true);

    // Another process opens the database, writes and closes it.
    const rows = JSON.parse(await ccp(['server', 'token', 'list', '-o', 'json'])) as Array<{
      id: string;
      role: string;
    }>;
    const viewer = rows.find((r) => r.role === 'viewer')!;
    await ccp(['server', 'token', 'revoke', viewer.id]);
    expect(existsSync(`${db}-wal`)).toBe(true);
    expect(existsSync(`${db}-shm`)).toBe(true);

    expect((await call(doomed, 'GET', '/codeTypes/0?pageSize=1')).status).toBe(401);
    const fresh = await ccp(['server', 'token', 'create', '--org', ORG.root, '--role', 'viewer']);
    expect((await call(fresh, 'GET', '/codeTypes/0?pageSize=1')).status).toBe(200);

    // A write through the server, then one through the CLI: each sees the other's.
    const added = await call(admin, 'POST', `/edgedevice/org/${ORG.root}/user/${USER.admin}/add`, {
      data: [{ edgeDeviceName: 'by-server', serialNumber: 'SRV-1' }],
    });
    expect(added.body.statusCode, added.body.reason).toBe('OK');
    const cliList = await ccp(['edgedevice', 'list', '-o', 'json', '--limit', '1000']);
    expect(cliList).toContain('SRV-1');
    await ccp(addAsAdmin('--name', 'by-cli', '--serial', 'CLI-1'));
    const listed = await call(admin, 'GET', '/edgedevice/all/0?pageSize=1000');
    const serials = (listed.body.data as Array<{ serialNumber: string }>).map((d) => d.serialNumber);
    expect(serials).toContain('CLI-1');
    expect(serials).toContain('SRV-1');
    if (process.platform === 'linux') expect(holdsLock(server.child.pid!, db)).toBe(true);

    expect(await server.stop()).toBe(0);
    server = undefined;
    const check = openSqlite(db, { readonly: true });
    try {
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = check
        .prepare("SELECT serial_number FROM edge_devices WHERE serial_number IN ('SRV-1', 'CLI-1')")
        .pluck()
        .all();
      expect(stored.sort()).toEqual(['CLI-1', 'SRV-1']);
    } finally {
      check.close();
    }
  }, 120_000);
});
