/**
 * Real servers from Debian's packages for the tests of cli.md "Connecting to a real deployment": openssl
 * makes a certificate authority and certificates, nginx terminates TLS in front of `ccp server start`, and
 * squid is the forward proxy. Each runs as the current user on loopback ports with its own files in a temp
 * folder, and is stopped by its pid. A missing binary fails the tests under CI and skips them elsewhere.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const SBIN = ['/usr/sbin', '/usr/local/sbin', '/usr/bin', '/sbin'];

/** The binary's path, or undefined; under CI a missing one throws naming the Debian package. */
export function binary(name: string, debianPackage: string): string | undefined {
  const found = SBIN.map((d) => join(d, name)).find((p) => existsSync(p));
  if (!found && process.env.CI) {
    throw new Error(
      `${name} is not installed: CI needs the Debian package ${debianPackage} (.ci/run installs it)`,
    );
  }
  return found;
}

/** Whether nginx, squid and openssl are all here (under CI: they must be, or this throws). */
export function haveDaemons(): boolean {
  const found = [binary('nginx', 'nginx-light'), binary('squid', 'squid'), binary('openssl', 'openssl')];
  return found.every((b) => b !== undefined);
}

export interface Pki {
  dir: string;
  caPem: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** A certificate for ccp.test from the same CA that expired in 2020. */
  expiredCert: string;
  expiredKey: string;
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: 'pipe' });
}

/** A CA, a server certificate for ccp.test and localhost (not 127.0.0.1), and a client certificate. */
export function makePki(dir: string): Pki {
  mkdirSync(dir, { recursive: true });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    ['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '30', '-subj', '/CN=ccp test CA'],
    dir,
  );
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=DNS:ccp.test,DNS:localhost\n');
  writeFileSync(join(dir, 'client.ext'), 'extendedKeyUsage=clientAuth\n');
  const issue = (name: string, subject: string, ext: string, extra: string[] = []) => {
    openssl(['req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject], dir);
    openssl(
      [
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-out',
        `${name}.pem`,
        '-extfile',
        ext,
        ...extra,
      ],
      dir,
    );
  };
  issue('server', '/CN=ccp.test', 'server.ext', ['-days', '30']);
  issue('client', '/CN=ccp client', 'client.ext', ['-days', '30']);
  // Signed by the same CA for two days of 2020: `openssl ca` is what takes a start and an end date.
  writeFileSync(
    join(dir, 'ca.cnf'),
    '[ca]\ndefault_ca=test\n[test]\ndatabase=index.txt\nnew_certs_dir=.\nserial=serial\ndefault_md=sha256\npolicy=any\n[any]\ncommonName=supplied\n',
  );
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  openssl(['req', ...ec, '-keyout', 'expired.key', '-out', 'expired.csr', '-subj', '/CN=ccp.test'], dir);
  openssl(
    [
      'ca',
      '-config',
      'ca.cnf',
      '-batch',
      '-notext',
      '-keyfile',
      'ca.key',
      '-cert',
      'ca.pem',
      '-in',
      'expired.csr',
      '-out',
      'expired.pem',
      '-startdate',
      '20200101000000Z',
      '-enddate',
      '20200103000000Z',
      '-extfile',
      'server.ext',
    ],
    dir,
  );
  return {
    dir,
    caPem: join(dir, 'ca.pem'),
    serverCert: join(dir, 'server.pem'),
    serverKey: join(dir, 'server.key'),
    clientCert: join(dir, 'client.pem'),
    clientKey: join(dir, 'client.key'),
    expiredCert: join(dir, 'expired.pem'),
    expiredKey: join(dir, 'expired.key'),
  };
}

export interface Daemon {
  pid: number;
  /** What it wrote on stderr and in its log so far. */
  output(): string;
  stop(): Promise<void>;
}

function waitForPort(
  port: number,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 15_000,
): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) {
        reject(new Error(`exited (${child.exitCode}) before listening on ${port}: ${output()}`));
        return;
      }
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() - started > timeoutMs) reject(new Error(`nothing listens on ${port}: ${output()}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

function daemon(command: string, args: string[], ports: number[]): Promise<Daemon> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const d: Daemon = {
    pid: child.pid!,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, 'SIGTERM');
      const killed = setTimeout(() => child.exitCode === null && process.kill(child.pid!, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(killed);
    },
  };
  return Promise.all(ports.map((p) => waitForPort(p, child, d.output))).then(
    () => d,
    async (err) => {
      await d.stop();
      throw err;
    },
  );
}

/** squid's helper that checks basic credentials against an htpasswd file. */
function ncsaAuth(): string {
  const found = ['/usr/lib/squid/basic_ncsa_auth', '/usr/lib64/squid/basic_ncsa_auth'].find((p) =>
    existsSync(p),
  );
  if (!found) throw new Error('squid has no basic_ncsa_auth helper (Debian ships it in the squid package)');
  return found;
}

/** An htpasswd file (MD5 crypt, which both nginx and squid's helper read) of `users`. */
export function passwords(dir: string, users: Record<string, string>): string {
  const file = join(dir, 'htpasswd');
  const lines = Object.entries(users).map(
    ([name, password]) =>
      `${name}:${execFileSync('openssl', ['passwd', '-apr1', password], { encoding: 'utf8' }).trim()}\n`,
  );
  writeFileSync(file, lines.join(''), { mode: 0o644 });
  return file;
}

/** One nginx `server` block: what it listens on and what it adds inside the block. */
export interface NginxSite {
  port: number;
  /** Lines inside `server { }` before the proxying `location`. */
  lines: string[];
  /** Lines inside `location / { }` before proxy_pass. */
  location?: string[];
}

/**
 * nginx in the foreground (`daemon off`) with its own prefix, proxying each site to `upstream`; `http` lines
 * go in the `http { }` block (an `upstream` of several servers, say).
 */
export function startNginx(
  dir: string,
  upstream: string,
  sites: NginxSite[],
  http: string[] = [],
): Promise<Daemon> {
  mkdirSync(join(dir, 'logs'), { recursive: true });
  const tmp = (name: string) => `${name}_temp_path ${join(dir, `${name}-temp`)};`;
  const asRoot = userInfo().uid === 0;
  const conf = [
    // As root, workers would switch to nobody and lose the temp folder: the current user, always.
    asRoot ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'logs', 'error.log')} info;`,
    'events { worker_connections 64; }',
    'http {',
    '  access_log off;',
    `  ${tmp('client_body')} ${tmp('proxy')} ${tmp('fastcgi')} ${tmp('uwsgi')} ${tmp('scgi')}`,
    ...http.map((l) => `  ${l}`),
    ...sites.map((s) =>
      [
        '  server {',
        `    listen 127.0.0.1:${s.port} ssl;`,
        '    server_name ccp.test localhost;',
        ...s.lines.map((l) => `    ${l}`),
        '    location / {',
        ...(s.location ?? []).map((l) => `      ${l}`),
        `      proxy_pass ${upstream};`,
        '    }',
        '  }',
      ].join('\n'),
    ),
    '}',
  ].join('\n');
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  return daemon(
    binary('nginx', 'nginx-light')!,
    ['-e', join(dir, 'logs', 'error.log'), '-p', dir, '-c', file, '-g', 'daemon off;'],
    sites.map((s) => s.port),
  );
}

/**
 * squid in the foreground (-N) as a forward proxy, its logs and pid in a folder of its own; `hosts` maps names
 * (ccp.test) to loopback for it. A request or CONNECT to a port in `denyPorts` is refused with 403; with
 * `users` (name to password), every request needs proxy credentials (407 without).
 */
export async function startSquid(
  port: number,
  hosts: Record<string, string>,
  denyPorts: number[] = [],
  users: Record<string, string> = {},
): Promise<Daemon & { dir: string }> {
  // Its own folder, open to all: as root, squid runs as nobody, which a test's private temp folder shuts out.
  const dir = mkdtempSync(join(tmpdir(), 'ccp-squid-'));
  chmodSync(dir, 0o777);
  writeFileSync(
    join(dir, 'hosts'),
    Object.entries(hosts)
      .map(([n, a]) => `${a} ${n}\n`)
      .join(''),
  );
  const me = userInfo();
  const conf = [
    `http_port 127.0.0.1:${port}`,
    `visible_hostname ccp-test-proxy`,
    `hosts_file ${join(dir, 'hosts')}`,
    // No DNS for the test: every name the tests use is in hosts_file.
    'dns_nameservers 127.0.0.1',
    ...(denyPorts.length > 0
      ? [`acl denied_port port ${denyPorts.join(' ')}`, 'http_access deny denied_port']
      : []),
    ...(Object.keys(users).length > 0
      ? [
          `auth_param basic program ${ncsaAuth()} ${passwords(dir, users)}`,
          'acl authed proxy_auth REQUIRED',
          'http_access deny !authed',
        ]
      : []),
    'http_access allow all',
    'cache deny all',
    `pid_filename ${join(dir, 'squid.pid')}`,
    `access_log stdio:${join(dir, 'access.log')}`,
    `cache_log ${join(dir, 'cache.log')}`,
    'cache_store_log none',
    `coredump_dir ${dir}`,
    'shutdown_lifetime 0 seconds',
    // squid will not keep root: as root it runs as nobody, which the temp folder lets in.
    `cache_effective_user ${me.uid === 0 ? 'nobody' : me.username}`,
  ].join('\n');
  const file = join(dir, 'squid.conf');
  writeFileSync(file, conf);
  const d = await daemon(binary('squid', 'squid')!, ['-N', '-f', file], [port]);
  return {
    ...d,
    dir,
    async stop() {
      await d.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
