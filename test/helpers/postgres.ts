/**
 * A real PostgreSQL for tests: Debian's `postgresql` package, one cluster per test run. The cluster is made once
 * (`initdb`, about a second) into a template folder under the OS temp dir, kept there for later runs, and each
 * run copies it and starts the copy on 127.0.0.1 (a free port) and a unix socket in a temp folder: about a
 * third of a second. Stopped by its pid at the end, its folder removed.
 *
 *   globalSetup (postgres-setup.ts) starts the run's cluster and provides its admin URL as `pgAdminUrl`;
 *   a test file makes its own database:  const db = await freshDatabase(inject('pgAdminUrl')!);
 *   a test that stops the database under a client starts a cluster of its own: startCluster().
 *
 * `initdb` refuses root: as root, the cluster belongs to the `postgres` user (runuser).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The oldest PostgreSQL the twin supports (cli.md, "A team twin"). */
const OLDEST = 14;
const TEMPLATE_DONE = 'ccp-template-complete-1';

export interface PgBinaries {
  dir: string;
  version: number;
}

/** The newest PostgreSQL 14+ under /usr/lib/postgresql (Debian's layout), or why there is none. */
export function findPostgres(): PgBinaries | { missing: string } {
  // CCP_TEST_PG_ROOT: another folder of versions (a test of the skip itself points it at none).
  const root = process.env.CCP_TEST_PG_ROOT ?? '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .map(Number)
        .filter((v) => v >= OLDEST && existsSync(join(root, String(v), 'bin', 'initdb')))
        .sort((a, b) => b - a)
    : [];
  const version = versions[0];
  if (version === undefined) {
    return { missing: `no PostgreSQL ${OLDEST}+ binaries in ${root}/*/bin (apt-get install postgresql)` };
  }
  return { dir: join(root, String(version), 'bin'), version };
}

const isRoot = () => process.getuid?.() === 0;
// runuser lives in /usr/sbin, which a root shell's PATH may leave out (CI's does).
const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser'].find((p) => existsSync(p)) ?? 'runuser';

/** Runs a PostgreSQL program as the cluster's owner: `postgres` when we are root, else ourselves. */
function asOwner(bin: string, args: string[], opts: { timeout?: number } = {}): string {
  const [cmd, full] = isRoot() ? [RUNUSER, ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(cmd, full, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });
}

/** Gives a file or folder to the cluster's owner (`postgres` when we are root): its key file, say. */
export function giveToOwner(path: string): void {
  if (!isRoot()) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(path, uid, gid);
}

/**
 * The template cluster's data folder, made once per PostgreSQL version and user. Trust for the `postgres`
 * superuser on the socket and loopback; other roles sign in with a password over TCP (scram), so tests can
 * see a refused password.
 */
export function templateCluster(pg: PgBinaries): string {
  const base = join(tmpdir(), `ccp-pg-template-${pg.version}-${process.getuid?.() ?? 'u'}`);
  const data = join(base, 'data');
  if (existsSync(join(base, TEMPLATE_DONE))) return data;
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true, mode: 0o700 });
  giveToOwner(base);
  asOwner(join(pg.dir, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '--no-sync',
    // 1 MB WAL segments, not 16: the copy each run makes of the template is a third of the size.
    '--wal-segsize=1',
  ]);
  const hba = [
    'local all all trust',
    'host all postgres 127.0.0.1/32 trust',
    'host all all 127.0.0.1/32 scram-sha-256',
    '',
  ].join('\n');
  writeFileSync(join(data, 'pg_hba.conf'), hba);
  // Durability is not what tests measure: no fsync, as the file-backed SQLite tests run on a temp dir.
  writeFileSync(
    join(data, 'postgresql.auto.conf'),
    "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\nmax_connections = 200\nlisten_addresses = '127.0.0.1'\n",
  );
  giveToOwner(join(data, 'pg_hba.conf'));
  giveToOwner(join(data, 'postgresql.auto.conf'));
  writeFileSync(join(base, TEMPLATE_DONE), '');
  return data;
}

/** A TCP port nobody listens on now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface Cluster {
  /** The superuser's URL over TCP: `postgresql://postgres@127.0.0.1:PORT/postgres`. */
  adminUrl: string;
  port: number;
  /** The folder of the unix socket. */
  socketDir: string;
  /** Milliseconds from copying the template to accepting connections. */
  startMs: number;
  /** Stops the server (fast shutdown), keeping its data: start() brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

/**
 * A cluster of its own, copied from the template and started; `settings` are more `-c name=value` for the
 * server (ssl=on and its files, say).
 */
export async function startCluster(
  pg: PgBinaries,
  template = templateCluster(pg),
  settings: readonly string[] = [],
): Promise<Cluster> {
  const t0 = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'ccp-pg-'));
  giveToOwner(dir);
  const data = join(dir, 'data');
  const socketDir = join(dir, 'socket');
  // cp -a keeps the owner and the modes PostgreSQL insists on (0700 data folder).
  execFileSync('cp', ['-a', template, data]);
  mkdirSync(socketDir);
  giveToOwner(socketDir);
  const port = await freePort();
  const log = join(dir, 'postgres.log');
  const options = [
    `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1`,
    ...settings.map((x) => `-c ${x}`),
  ].join(' ');
  const start = async () => {
    asOwner(join(pg.dir, 'pg_ctl'), ['-w', '-t', '30', '-D', data, '-l', log, '-o', options, 'start']);
  };
  const pid = (): number | undefined => {
    const file = join(data, 'postmaster.pid');
    if (!existsSync(file)) return undefined;
    const n = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const stop = async (signal: NodeJS.Signals = 'SIGINT') => {
    const p = pid();
    if (p === undefined) return;
    try {
      // SIGINT: fast shutdown (clients cut, a checkpoint, the data whole); SIGQUIT: immediate, for the end.
      process.kill(p, signal);
    } catch {
      return;
    }
    for (let i = 0; i < 300; i++) {
      try {
        process.kill(p, 0);
      } catch {
        return;
      }
      await sleep(20);
    }
    process.kill(p, 'SIGKILL');
  };
  await start();
  const startMs = performance.now() - t0;
  return {
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    socketDir,
    startMs,
    stop: () => stop(),
    start,
    async destroy() {
      await stop('SIGQUIT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs SQL as the superuser through psql on the cluster of `adminUrl`. */
export function psql(pg: PgBinaries, adminUrl: string, sql: string): string {
  const r = spawnSync(
    join(pg.dir, 'psql'),
    ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', adminUrl, '-c', sql],
    {
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`psql failed: ${r.stderr}`);
  return r.stdout.trim();
}

/** A new, empty database on the cluster of `adminUrl`; its URL (same user and host). */
export async function freshDatabase(adminUrl: string): Promise<string> {
  const name = `ccp_test_${randomBytes(6).toString('hex')}`;
  const { default: pgModule } = await import('pg');
  const client = new pgModule.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
