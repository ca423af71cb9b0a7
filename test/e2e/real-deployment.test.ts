// End-to-end against real servers (cli.md "Connecting to a real deployment"): `ccp server start` behind
// nginx terminating TLS with a CA openssl made here (plain, mutual TLS, an API-key front, nginx's default
// header rules, an expired certificate), and squid as the forward proxy. All on loopback, stopped by pid.

import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import {
  type Daemon,
  haveDaemons,
  makePki,
  type Pki,
  passwords,
  startNginx,
  startSquid,
} from '../helpers/daemons.js';
import { closedPort } from '../helpers/fake-service.js';
import { runInPty } from '../helpers/pty.js';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.js';

const NO_PROXY_ENV = {
  http_proxy: '',
  https_proxy: '',
  no_proxy: '',
  HTTP_PROXY: '',
  HTTPS_PROXY: '',
  NO_PROXY: '',
};
const API_KEY = 'k3y-a1b2c3d4e5f6a7b8c9d0';
const BASIC_PASSWORD = 'pa55-w0rd-e7f6a7b8c9d0';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let pki: Pki;
let upstream: ServerProcess;
let nginx: Daemon;
let squid: Daemon & { dir: string };
// A second squid that wants proxy credentials.
let authSquid: Daemon & { dir: string };
let token: string;
const port = {
  tls: 0,
  mtls: 0,
  key: 0,
  basic: 0,
  defaults: 0,
  expired: 0,
  squid: 0,
  authSquid: 0,
};

const present = haveDaemons();

function ccp(args: string[], extra: NodeJS.ProcessEnv = {}, input?: string) {
  return spawnCcp(args, { env: { ...env, ...extra }, input });
}

const list = ['edgedevice', 'list', '--page-size', '1', '-o', 'json'];

describe.skipIf(!present)('a real deployment: nginx, squid and openssl', () => {
  beforeAll(async () => {
    tmp = await tempDir('ccp-real-');
    env = isolatedEnv(tmp.dir, NO_PROXY_ENV);
    const db = join(tmp.dir, 'upstream.db');
    // The embedded default bootstraps an admin token for the database on first use: the gateway's token.
    const seeded = await spawnCcp(['server', 'seed', '--demo', '--db', db], { env });
    expect(seeded.code, seeded.stderr).toBe(0);
    const first = await spawnCcp(['--db', db, ...list], { env });
    expect(first.code, first.stderr).toBe(0);
    const config = JSON.parse(readFileSync(join(tmp.dir, 'config', 'ccp', 'config.json'), 'utf8'));
    token = config.embedded[db].token;
    upstream = await startServerProcess(db, env);
    pki = makePki(join(tmp.dir, 'pki'));
    for (const k of Object.keys(port) as Array<keyof typeof port>) port[k] = await closedPort();
    const htpasswd = passwords(tmp.dir, { ops: BASIC_PASSWORD });
    const tls = [`ssl_certificate ${pki.serverCert};`, `ssl_certificate_key ${pki.serverKey};`];
    nginx = await startNginx(join(tmp.dir, 'nginx'), upstream.url, [
      { port: port.tls, lines: [...tls, 'underscores_in_headers on;'] },
      {
        port: port.mtls,
        lines: [
          ...tls,
          'underscores_in_headers on;',
          `ssl_client_certificate ${pki.caPem};`,
          'ssl_verify_client on;',
        ],
      },
      {
        // A gateway that takes an API key and holds the service's token itself.
        port: port.key,
        lines: [...tls, 'underscores_in_headers on;'],
        location: [
          `if ($http_x_api_key != "${API_KEY}") { return 401; }`,
          'proxy_set_header X-Api-Key "";',
          `proxy_set_header Authorization "Bearer ${token}";`,
        ],
      },
      {
        // A gateway taking basic credentials (user ops) and holding the service's token itself.
        port: port.basic,
        lines: [...tls, 'underscores_in_headers on;'],
        location: [
          'auth_basic "ccp";',
          `auth_basic_user_file ${htpasswd};`,
          `proxy_set_header Authorization "Bearer ${token}";`,
        ],
      },
      // nginx's defaults: header names with underscores are dropped.
      { port: port.defaults, lines: tls },
      {
        port: port.expired,
        lines: [`ssl_certificate ${pki.expiredCert};`, `ssl_certificate_key ${pki.expiredKey};`],
      },
    ]);
    squid = await startSquid(port.squid, { 'ccp.test': '127.0.0.1' }, [port.expired]);
    authSquid = await startSquid(port.authSquid, { 'ccp.test': '127.0.0.1' }, [], {
      proxyuser: 'proxy-pa55',
    });
  }, 60_000);

  afterAll(async () => {
    await squid?.stop();
    await authSquid?.stop();
    await nginx?.stop();
    await upstream?.stop();
    await tmp?.remove();
  });

  describe('TLS', () => {
    it('an untrusted issuer exits 5 naming the problem and --ca-file', async () => {
      const r = await ccp(['--base-url', `https://localhost:${port.tls}`, ...list], { CCP_TOKEN: token });
      expect(r.code, r.stderr).toBe(5);
      expect(r.stderr).toContain(`ccp: TLS with https://localhost:${port.tls} failed: untrusted issuer`);
      expect(r.stderr).toContain('hint: pass --ca-file PATH (env CCP_CA_FILE, profile ca-file)');
    });

    it('--ca-file trusts the CA; so do CCP_CA_FILE and the profile key ca-file', async () => {
      const base = ['--base-url', `https://localhost:${port.tls}`];
      const flag = await ccp([...base, '--ca-file', pki.caPem, ...list], { CCP_TOKEN: token });
      expect(flag.code, flag.stderr).toBe(0);
      expect(Array.isArray(JSON.parse(flag.stdout))).toBe(true);
      const fromEnv = await ccp([...base, ...list], { CCP_TOKEN: token, CCP_CA_FILE: pki.caPem });
      expect(fromEnv.code, fromEnv.stderr).toBe(0);
      const dir = await tempDir('ccp-real-profile-');
      const own = isolatedEnv(dir.dir, { ...NO_PROXY_ENV, CCP_TOKEN: token });
      expect((await spawnCcp(['config', 'set', 'ca-file', pki.caPem], { env: own })).code).toBe(0);
      const fromProfile = await spawnCcp([...base, ...list], { env: own });
      expect(fromProfile.code, fromProfile.stderr).toBe(0);
      await dir.remove();
    });

    it('a host name the certificate does not name is a host name mismatch', async () => {
      const r = await ccp(['--base-url', `https://127.0.0.1:${port.tls}`, '--ca-file', pki.caPem, ...list], {
        CCP_TOKEN: token,
      });
      expect(r.code, r.stderr).toBe(5);
      expect(r.stderr).toContain('failed: host name mismatch');
      expect(r.stderr).toContain('hint: use in --base-url a host name the certificate names');
    });

    it('an expired certificate is named as expired', async () => {
      const r = await ccp(
        ['--base-url', `https://localhost:${port.expired}`, '--ca-file', pki.caPem, ...list],
        { CCP_TOKEN: token },
      );
      expect(r.code, r.stderr).toBe(5);
      expect(r.stderr).toContain("failed: the service's certificate has expired");
    });

    it('--insecure skips verification and warns', async () => {
      const r = await ccp(['--base-url', `https://localhost:${port.tls}`, '--insecure', ...list], {
        CCP_TOKEN: token,
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('warning: TLS verification is off');
    });

    it('a service requiring a client certificate is named, and --client-cert/--client-key satisfy it', async () => {
      const base = ['--base-url', `https://localhost:${port.mtls}`, '--ca-file', pki.caPem];
      const without = await ccp([...base, ...list], { CCP_TOKEN: token });
      expect(without.code, without.stderr).toBe(5);
      expect(without.stderr).toContain('the service requires a client certificate');
      expect(without.stderr).toContain('hint: pass --client-cert PATH and --client-key PATH');
      const withCert = await ccp(
        [...base, '--client-cert', pki.clientCert, '--client-key', pki.clientKey, ...list],
        { CCP_TOKEN: token },
      );
      expect(withCert.code, withCert.stderr).toBe(0);
    });
  });

  describe('headers and auth schemes', () => {
    const base = () => ['--base-url', `https://localhost:${port.key}`, '--ca-file', pki.caPem];

    it('without the key the gateway refuses (exit 3, naming where the token came from)', async () => {
      const r = await ccp([...base(), ...list], { CCP_TOKEN: 'not-the-key' });
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain('came from CCP_TOKEN');
    });

    it("-H 'X-Api-Key: …' on a listing and on ccp api; --verbose shows the key redacted", async () => {
      const r = await ccp([...base(), '-H', `X-Api-Key: ${API_KEY}`, '--verbose', ...list]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('> x-api-key: [redacted]');
      expect(r.stderr).not.toContain(API_KEY);
      const api = await ccp([
        ...base(),
        '-H',
        `X-Api-Key: ${API_KEY}`,
        'api',
        'GET',
        '/codeTypes/0?pageSize=1',
      ]);
      expect(api.code, api.stderr).toBe(0);
    });

    it('--auth-scheme header:X-Api-Key with --token - sends the token from stdin in that header', async () => {
      const r = await ccp(
        [...base(), '--auth-scheme', 'header:X-Api-Key', '--token', '-', '--verbose', ...list],
        {},
        `${API_KEY}\n`,
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toContain(API_KEY);
      expect(r.stderr).not.toContain('shell history');
    });

    it('--auth-scheme basic sends user:password as HTTP basic credentials, redacted in --verbose', async () => {
      const base = [
        '--base-url',
        `https://localhost:${port.basic}`,
        '--ca-file',
        pki.caPem,
        '--auth-scheme',
        'basic',
      ];
      const r = await ccp([...base, '--token', '-', '--verbose', ...list], {}, `ops:${BASIC_PASSWORD}\n`);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/> authorization: Basic ops:\[redacted\]/);
      expect(r.stderr).not.toContain(Buffer.from(`ops:${BASIC_PASSWORD}`).toString('base64'));
      const wrong = await ccp([...base, '--token', '-', ...list], {}, 'ops:nope\n');
      expect(wrong.code, wrong.stderr).toBe(3);
      expect(wrong.stderr).toContain('came from --token');
    });

    it('a token given as a flag value works but warns that it lands in shell history', async () => {
      const r = await ccp([...base(), '--auth-scheme', 'header:X-Api-Key', '--token', API_KEY, ...list]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('lands in shell history');
    });

    it("a profile's token-command runs once per command; its failure exits 3 naming it", async () => {
      const dir = await tempDir('ccp-real-helper-');
      const own = isolatedEnv(dir.dir, NO_PROXY_ENV);
      const counter = join(dir.dir, 'runs');
      const set = (k: string, v: string) => spawnCcp(['config', 'set', k, v], { env: own });
      expect((await set('base-url', `https://localhost:${port.tls}`)).code).toBe(0);
      expect((await set('ca-file', pki.caPem)).code).toBe(0);
      expect((await set('token-command', `echo run >> ${counter}; printf '%s\\n' ${token}`)).code).toBe(0);
      const ok = await spawnCcp([...list], { env: own });
      expect(ok.code, ok.stderr).toBe(0);
      expect(readFileSync(counter, 'utf8')).toBe('run\n');
      expect((await set('token-command', 'echo nope >&2; exit 7')).code).toBe(0);
      const failed = await spawnCcp([...list], { env: own });
      expect(failed.code, failed.stderr).toBe(3);
      expect(failed.stderr).toContain('token-command `echo nope >&2; exit 7` failed: exit 7: nope');
      await dir.remove();
    });
  });

  it('nginx with its defaults drops time_zone: the 406 says ccp sent it and what drops it', async () => {
    const r = await ccp(
      ['--base-url', `https://localhost:${port.defaults}`, '--ca-file', pki.caPem, ...list],
      {
        CCP_TOKEN: token,
      },
    );
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain('time_zone');
    expect(r.stderr).toContain('hint: ccp did send the time_zone header');
    expect(r.stderr).toContain('underscores_in_headers on');
  });

  describe('ccp status', () => {
    it('against TLS: answers, protocol, issuer, days to expiry, credentials, clock, time zone; exit 0', async () => {
      const r = await ccp(
        [
          '--base-url',
          `https://localhost:${port.tls}`,
          '--ca-file',
          pki.caPem,
          '--time-zone',
          'Asia/Kolkata',
          'status',
          '-o',
          'json',
        ],
        { CCP_TOKEN: token },
      );
      expect(r.code, r.stderr).toBe(0);
      const s = JSON.parse(r.stdout);
      expect(s).toMatchObject({
        ok: true,
        target: `https://localhost:${port.tls}`,
        profile: 'default',
        reachable: { ok: true },
        tls: {
          ok: true,
          protocol: expect.stringMatching(/^TLSv1\.[23]$/),
          issuer: 'ccp test CA',
          verified: true,
        },
        credentials: { ok: true, source: 'CCP_TOKEN', scheme: 'bearer', detail: 'accepted' },
        clock: { ok: true },
        timeZone: 'Asia/Kolkata',
      });
      expect(s.tls.daysLeft).toBeGreaterThanOrEqual(28);
      expect(s.settings).toContainEqual({ key: 'ca-file', value: pki.caPem, from: '--ca-file' });
      expect(s.settings).toContainEqual({ key: 'time-zone', value: 'Asia/Kolkata', from: '--time-zone' });
      expect(Math.abs(s.clock.skewMs)).toBeLessThan(2000);
    });

    it('a refused token exits 3, an untrusted CA 5 with the hint, --insecure is not a verified TLS (exit 1); -o table reads as a list', async () => {
      const base = ['--base-url', `https://localhost:${port.tls}`];
      const refused = await ccp([...base, '--ca-file', pki.caPem, 'status', '-o', 'json'], {
        CCP_TOKEN: 'wrong',
      });
      expect(refused.code, refused.stderr).toBe(3);
      expect(JSON.parse(refused.stdout).credentials).toMatchObject({
        ok: false,
        detail: 'refused (HTTP 401)',
      });
      const untrusted = await ccp([...base, 'status', '-o', 'table'], { CCP_TOKEN: token });
      expect(untrusted.code, untrusted.stderr).toBe(5);
      expect(untrusted.stdout).toContain('✗ does not answer: TLS with');
      expect(untrusted.stdout).toContain('hint: pass --ca-file PATH');
      const insecure = await ccp([...base, '--insecure', 'status', '-o', 'table'], { CCP_TOKEN: token });
      expect(insecure.code, insecure.stderr).toBe(1);
      expect(insecure.stdout).toMatch(
        /✗ TLS TLSv1\.[23], issuer ccp test CA \(NOT verified: --insecure\), expires in 2\d days/,
      );
      expect(insecure.stdout).toContain('✓ credentials accepted (bearer, from CCP_TOKEN)');
    });
  });

  describe('ccp login and logout', () => {
    const configFile = (dir: string) => join(dir, 'config', 'ccp', 'config.json');

    it('without a terminal: flags and --with-token from stdin, checked, saved 0600; logout removes the token', async () => {
      const dir = await tempDir('ccp-real-login-');
      const own = isolatedEnv(dir.dir, NO_PROXY_ENV);
      const base = ['--base-url', `https://localhost:${port.tls}`, '--ca-file', pki.caPem];
      const wrong = await spawnCcp(['--profile', 'prod', ...base, 'login', '--with-token'], {
        env: own,
        input: 'not-a-token\n',
      });
      expect(wrong.code, wrong.stderr).toBe(3);
      expect(wrong.stderr).toContain('Nothing was saved');
      const r = await spawnCcp(['--profile', 'prod', ...base, 'login', '--with-token'], {
        env: own,
        input: `${token}\n`,
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`✓ https://localhost:${port.tls} accepted the credentials`);
      expect(r.stderr).not.toContain(token);
      expect(statSync(configFile(dir.dir)).mode & 0o777).toBe(0o600);
      const used = await spawnCcp(['--profile', 'prod', ...list], { env: own });
      expect(used.code, used.stderr).toBe(0);
      const out = await spawnCcp(['--profile', 'prod', 'logout'], { env: own });
      expect(out.code, out.stderr).toBe(0);
      expect(readFileSync(configFile(dir.dir), 'utf8')).not.toContain(token);
      expect(readFileSync(configFile(dir.dir), 'utf8')).toContain(pki.caPem);
      await dir.remove();
    });

    it('on a terminal: asks, the key typed without echo, nothing secret in the transcript or in --verbose', async () => {
      const dir = await tempDir('ccp-real-pty-');
      const own = isolatedEnv(dir.dir, NO_PROXY_ENV);
      const pty = runInPty(['login'], own);
      await pty.waitFor(/Service base URL/);
      pty.type(`https://localhost:${port.key}\r`);
      await pty.waitFor(/How does the service take credentials/);
      pty.type('\x1b[B\r');
      await pty.waitFor(/Header name/);
      pty.type('\r');
      // The CA bundle before the key: the key is checked as soon as it is typed, through that trust.
      await pty.waitFor(/CA bundle/);
      pty.type(`${pki.caPem}\r`);
      await pty.waitFor(/X-Api-Key value \(not shown\)/);
      pty.type(`${API_KEY}\r`);
      await pty.waitFor(/Default organization uuid/);
      pty.type('\r');
      await pty.waitFor(/Default user uuid/);
      pty.type('\r');
      await pty.waitFor(/Time zone sent to the service/);
      pty.type('\r');
      const { code } = await pty.exited;
      expect(code, pty.text()).toBe(0);
      expect(pty.text()).toContain('accepted the credentials');
      expect(pty.text()).not.toContain(API_KEY);
      expect(pty.text()).not.toContain(API_KEY.slice(0, 8));
      expect(statSync(configFile(dir.dir)).mode & 0o777).toBe(0o600);
      const saved = JSON.parse(readFileSync(configFile(dir.dir), 'utf8')).profiles.default;
      expect(saved).toMatchObject({
        'auth-scheme': 'header:X-Api-Key',
        token: API_KEY,
        'ca-file': pki.caPem,
      });
      const verbose = await spawnCcp(['--verbose', ...list], { env: own });
      expect(verbose.code, verbose.stderr).toBe(0);
      expect(verbose.stderr).toContain('> x-api-key: [redacted]');
      expect(verbose.stderr).not.toContain(API_KEY);
      const shown = await spawnCcp(['config', 'list'], { env: own });
      expect(shown.stdout).not.toContain(API_KEY);
      await dir.remove();
    });

    it('--token - on a terminal asks without echo', async () => {
      const pty = runInPty(
        ['--base-url', `https://localhost:${port.tls}`, '--ca-file', pki.caPem, '--token', '-', ...list],
        isolatedEnv(tmp.dir, NO_PROXY_ENV),
      );
      await pty.waitFor(/Token \(not shown\)/);
      pty.type(`${token}\r`);
      const { code } = await pty.exited;
      expect(code, pty.text()).toBe(0);
      expect(pty.text()).not.toContain(token.slice(4, 16));
    });

    it('config set token with no value asks without echo on a terminal', async () => {
      const dir = await tempDir('ccp-real-set-');
      const own = isolatedEnv(dir.dir, NO_PROXY_ENV);
      const pty = runInPty(['config', 'set', 'token'], own);
      await pty.waitFor(/token \(not shown\)/);
      pty.type(`${token}\r`);
      const { code } = await pty.exited;
      expect(code, pty.text()).toBe(0);
      expect(pty.text()).not.toContain(token.slice(4, 16));
      expect(readFileSync(configFile(dir.dir), 'utf8')).toContain(token);
      // Without a terminal, stdin.
      const piped = await spawnCcp(['config', 'set', 'token', '--profile', 'ci'], {
        env: own,
        input: 'abc-def\n',
      });
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stderr).not.toContain('shell history');
      await dir.remove();
    });
  });

  describe('through squid', () => {
    const proxy = () => `http://127.0.0.1:${port.squid}`;

    it('an https target goes through HTTPS_PROXY with CONNECT', async () => {
      const r = await ccp(['--base-url', `https://ccp.test:${port.tls}`, '--ca-file', pki.caPem, ...list], {
        CCP_TOKEN: token,
        HTTPS_PROXY: proxy(),
      });
      expect(r.code, r.stderr).toBe(0);
      expect(readFileSync(join(squid.dir, 'access.log'), 'utf8')).toContain(`CONNECT ccp.test:${port.tls}`);
    });

    it('an http target goes through HTTP_PROXY', async () => {
      const upstreamPort = new URL(upstream.url).port;
      const r = await ccp(['--base-url', `http://ccp.test:${upstreamPort}`, ...list], {
        CCP_TOKEN: token,
        HTTP_PROXY: proxy(),
      });
      expect(r.code, r.stderr).toBe(0);
      expect(readFileSync(join(squid.dir, 'access.log'), 'utf8')).toContain(
        `GET http://ccp.test:${upstreamPort}/edgedevice/all/0`,
      );
    });

    it('NO_PROXY sends a named host direct; loopback always goes direct', async () => {
      const r = await ccp(['--base-url', `https://localhost:${port.tls}`, '--ca-file', pki.caPem, ...list], {
        CCP_TOKEN: token,
        HTTPS_PROXY: `http://127.0.0.1:${await closedPort()}`,
      });
      expect(r.code, r.stderr).toBe(0);
    });

    it('squid refusing CONNECT (403) is named as the proxy, not the service', async () => {
      const r = await ccp(['--base-url', `https://ccp.test:${port.expired}`, ...list], {
        CCP_TOKEN: token,
        HTTPS_PROXY: proxy(),
      });
      expect(r.code, r.stderr).toBe(5);
      expect(r.stderr).toContain(
        `ccp: the proxy ${proxy()} (HTTPS_PROXY) would not connect to ccp.test:${port.expired}: it refused the tunnel (403 Forbidden)`,
      );
      expect(r.stderr).toContain('hint: check HTTPS_PROXY');
    });

    it('squid denying an http request (403) is named as the proxy', async () => {
      const r = await ccp(['--base-url', `http://ccp.test:${port.expired}`, ...list], {
        CCP_TOKEN: token,
        HTTP_PROXY: proxy(),
      });
      expect(r.code, r.stderr).toBe(5);
      expect(r.stderr).toContain(
        `ccp: the proxy ${proxy()} (HTTP_PROXY) answered HTTP 403 for http://ccp.test:${port.expired}: ERR_ACCESS_DENIED`,
      );
    });

    it('a proxy wanting credentials (407) is named as the proxy; with them in HTTPS_PROXY it works', async () => {
      const https = ['--base-url', `https://ccp.test:${port.tls}`, '--ca-file', pki.caPem, ...list];
      const without = await ccp(https, {
        CCP_TOKEN: token,
        HTTPS_PROXY: `http://127.0.0.1:${port.authSquid}`,
      });
      expect(without.code, without.stderr).toBe(5);
      expect(without.stderr).toContain(
        `ccp: the proxy http://127.0.0.1:${port.authSquid} (HTTPS_PROXY) would not connect to ccp.test:${port.tls}: it requires proxy authentication (407)`,
      );
      const upstreamPort = new URL(upstream.url).port;
      const http = await ccp(['--base-url', `http://ccp.test:${upstreamPort}`, ...list], {
        CCP_TOKEN: token,
        HTTP_PROXY: `http://127.0.0.1:${port.authSquid}`,
      });
      expect(http.code, http.stderr).toBe(5);
      expect(http.stderr).toContain(
        `ccp: the proxy http://127.0.0.1:${port.authSquid} (HTTP_PROXY) would not connect to ccp.test:${upstreamPort}: it requires proxy authentication (407)`,
      );
      const withCredentials = await ccp(https, {
        CCP_TOKEN: token,
        HTTPS_PROXY: `http://proxyuser:proxy-pa55@127.0.0.1:${port.authSquid}`,
      });
      expect(withCredentials.code, withCredentials.stderr).toBe(0);
    });

    it('a proxy port with nothing listening, or a proxy host not found, is named as the proxy', async () => {
      const dead = `http://127.0.0.1:${await closedPort()}`;
      const https = await ccp(['--base-url', 'https://ccp.example.com', ...list], {
        CCP_TOKEN: token,
        HTTPS_PROXY: dead,
      });
      expect(https.code, https.stderr).toBe(5);
      expect(https.stderr).toContain(
        `ccp: cannot connect to the proxy ${dead} (HTTPS_PROXY): connection refused`,
      );
      const http = await ccp(['--base-url', 'http://ccp.example.com', ...list], {
        CCP_TOKEN: token,
        HTTP_PROXY: dead,
      });
      expect(http.code, http.stderr).toBe(5);
      expect(http.stderr).toContain(
        `ccp: cannot connect to the proxy ${dead} (HTTP_PROXY): connection refused`,
      );
      expect(http.stderr).not.toContain('--base-url');
      const unknown = await ccp(['--base-url', 'https://ccp.example.com', ...list], {
        CCP_TOKEN: token,
        HTTPS_PROXY: 'http://no-such-proxy.invalid:3128',
      });
      expect(unknown.code, unknown.stderr).toBe(5);
      expect(unknown.stderr).toContain(
        'ccp: cannot connect to the proxy http://no-such-proxy.invalid:3128 (HTTPS_PROXY): host not found',
      );
    });
  });
});

describe('without the packages', () => {
  it.runIf(!present)('says what to install (fails under CI, where haveDaemons throws instead)', () => {
    expect(present).toBe(false);
  });
});
