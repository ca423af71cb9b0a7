// End-to-end: what the built bin/ccp.js does when the network or the service misbehaves (cli.md "Trust"):
// fake services on loopback that refuse, stall, reset or answer garbage, a counting forward proxy, -q, and
// `| head`. Times are wall-clock for the whole process, node's start included.

import { spawn } from 'node:child_process';
import { type AddressInfo, createServer as createNetServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, isolatedEnv, ROOT, spawnCcp, tempDir } from '../helpers/cli.js';
import { behaviours, closedPort, type Fake, fakeProxy, fakeService } from '../helpers/fake-service.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
const fakes: Fake[] = [];

// No proxy from the machine running the tests: each test sets its own.
const NO_PROXY_ENV = {
  http_proxy: '',
  https_proxy: '',
  no_proxy: '',
  HTTP_PROXY: '',
  HTTPS_PROXY: '',
  NO_PROXY: '',
};

beforeAll(async () => {
  tmp = await tempDir('ccp-net-');
  env = isolatedEnv(tmp.dir, NO_PROXY_ENV);
});

afterAll(async () => {
  for (const f of fakes) await f.close();
  await tmp.remove();
});

async function fake(handler: Parameters<typeof fakeService>[0]): Promise<Fake> {
  const f = await fakeService(handler);
  fakes.push(f);
  return f;
}

async function timed(args: string[], extra: NodeJS.ProcessEnv = {}) {
  const started = Date.now();
  const r = await spawnCcp(args, { env: { ...env, ...extra } });
  return { ...r, ms: Date.now() - started };
}

/** The lines a person reads on stderr (not the JSON error object). */
const humanLines = (stderr: string) => stderr.split('\n').filter((l) => l !== '' && !l.startsWith('{'));

describe('a target that refuses connections', () => {
  it('fails within 3 s, exit 5, with a hint to check --base-url', async () => {
    const port = await closedPort();
    const r = await timed(['--base-url', `http://127.0.0.1:${port}`, 'codetype', 'list', '-o', 'json']);
    expect(r.code, r.stderr).toBe(5);
    expect(r.ms).toBeLessThan(3000);
    expect(humanLines(r.stderr)).toEqual([
      `ccp: cannot connect to http://127.0.0.1:${port}: connection refused`,
      "hint: check --base-url (env CCP_BASE_URL, or the profile's base-url): nothing accepts connections at that address",
    ]);
    expect(JSON.parse(r.stderr.trim().split('\n').at(-1)!)).toEqual({
      code: 'ECONNREFUSED',
      reason: `cannot connect to http://127.0.0.1:${port}: connection refused`,
      httpStatus: null,
      exitCode: 5,
    });
  });
});

describe('a service that does not answer', () => {
  it('--timeout 2 (seconds) gives up in under twice the timeout, trying once', async () => {
    const svc = await fake(behaviours.stall);
    const r = await timed(['--base-url', svc.url, '--timeout', '2', 'codetype', 'list']);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain(`ccp: no answer from ${svc.url} within 2 s`);
    expect(r.stderr).toContain('hint: a slow service needs a longer --timeout');
    expect(r.ms).toBeGreaterThanOrEqual(1900);
    expect(r.ms).toBeLessThan(4000);
    expect(svc.hits).toBe(1);
  });

  it('--timeout holds during a TLS handshake never answered: exit 5 within the timeout, trying once', async () => {
    // Accepts the connection and never writes a byte: the client's TLS hello is never answered.
    const sockets = new Set<Socket>();
    let accepted = 0;
    const silent = createNetServer((s) => {
      accepted++;
      sockets.add(s);
      s.on('error', () => undefined);
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const base = `https://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const r = await timed(['--base-url', base, '--timeout', '1s', 'codetype', 'list', '-o', 'json']);
      expect(r.code, r.stderr).toBe(5);
      expect(humanLines(r.stderr)[0]).toBe(
        `ccp: cannot connect to ${base}: connection timed out (no connection and TLS handshake within 1 s)`,
      );
      expect(r.stderr).toContain('hint: check --base-url');
      // undici's own connect limit (10 s) no longer decides; node's start is in the figure.
      expect(r.ms).toBeGreaterThanOrEqual(900);
      expect(r.ms).toBeLessThan(3000);
      expect(accepted).toBe(1);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });

  it('a write that timed out says it may have been applied', async () => {
    const svc = await fake(behaviours.stall);
    const r = await timed([
      '--base-url',
      svc.url,
      '--timeout',
      '500ms',
      'code',
      'get',
      'c8000000-0000-4000-8000-000000000001',
    ]);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('within 500 ms; the request was sent, so the service may have applied it');
  });
});

describe('retries', () => {
  it('stop before a command takes twice its timeout (slow 503s)', async () => {
    const svc = await fake(behaviours.unavailableAfter(1500));
    const r = await timed(['--base-url', svc.url, '--timeout', '3s', 'codetype', 'list']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain('ccp: UNAVAILABLE busy (HTTP 503)');
    // 1.5 s, a retry (1.5 s + 3 s still fit in 6 s), then none: 3 s + backoff + 3 s would not.
    expect(svc.hits).toBe(2);
    expect(r.ms).toBeLessThan(6000);
  });

  it('a POST whose connection was reset is not retried and is reported as outcome unknown', async () => {
    const svc = await fake(behaviours.reset);
    const r = await timed(['--base-url', svc.url, 'code', 'get', 'c8000000-0000-4000-8000-000000000001']);
    expect(r.code).toBe(5);
    expect(humanLines(r.stderr)).toEqual([
      `ccp: the connection to ${svc.url} closed before an answer came; the request was sent, so the service may have applied it`,
    ]);
    expect(svc.hits).toBe(1);
  });
});

describe('service errors', () => {
  it('a body that is not JSON is exit 1, printed once, naming the status and what the page says', async () => {
    const svc = await fake(behaviours.notJson);
    const r = await timed(['--base-url', svc.url, '--timeout', '5s', 'codetype', 'list', '-o', 'json']);
    expect(r.code).toBe(1);
    expect(humanLines(r.stderr)).toEqual(['ccp: HTTP_502 an HTML page: Bad gateway (HTTP 502)']);
    expect(JSON.parse(r.stderr.trim().split('\n').at(-1)!)).toMatchObject({ code: 'HTTP_502', exitCode: 1 });
  });

  describe('against the real server', () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startTestServer();
    });
    afterAll(() => srv.close());

    it('a 404 names the license the command acted on, with the whole reason, once', async () => {
      const uuid = 'c1000000-0000-4000-8000-0000000000ff';
      const r = await timed(['--base-url', srv.url, 'license', 'activate', uuid], {
        CCP_TOKEN: srv.tokens.admin,
      });
      expect(r.code).toBe(4);
      const lines = humanLines(r.stderr);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^ccp: NOT_FOUND .+ ${uuid}.* \\(HTTP 404\\)$`));
    });
  });
});

describe('proxies from the environment', () => {
  let proxy: Fake;
  let svc: Fake;
  beforeAll(async () => {
    proxy = await fakeProxy();
    fakes.push(proxy);
    svc = await fake(behaviours.emptyOk);
  });

  it('HTTP_PROXY carries requests to a remote target', async () => {
    const before = proxy.hits;
    const r = await timed(['--base-url', `http://ccp.invalid:${svc.port}`, 'codetype', 'list'], {
      HTTP_PROXY: proxy.url,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
    expect(proxy.hits).toBeGreaterThan(before);
  });

  it('NO_PROXY naming the host sends it direct (where ccp.invalid is not found)', async () => {
    const before = proxy.hits;
    const r = await timed(['--base-url', `http://ccp.invalid:${svc.port}`, 'codetype', 'list'], {
      HTTP_PROXY: proxy.url,
      NO_PROXY: 'ccp.invalid',
    });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('host not found');
    expect(proxy.hits).toBe(before);
  });

  it('a loopback target never goes through the proxy', async () => {
    const before = proxy.hits;
    const r = await timed(['--base-url', svc.url, 'codetype', 'list'], {
      HTTP_PROXY: proxy.url,
      HTTPS_PROXY: proxy.url,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(proxy.hits).toBe(before);
  });
});

describe('-q and pipes (embedded default)', () => {
  it('-q silences notes (the first-run note) but not errors', async () => {
    const home = await tempDir('ccp-quiet-');
    try {
      const quietEnv = isolatedEnv(home.dir, NO_PROXY_ENV);
      const quiet = await spawnCcp(['-q', 'codetype', 'list'], { env: quietEnv });
      expect(quiet.code, quiet.stderr).toBe(0);
      expect(quiet.stderr).toBe('');
      const port = await closedPort();
      const failing = await spawnCcp(['-q', '--base-url', `http://127.0.0.1:${port}`, 'codetype', 'list'], {
        env: quietEnv,
      });
      expect(failing.code).toBe(5);
      expect(failing.stderr).toContain('connection refused');
    } finally {
      await home.remove();
    }
    // Without -q, a first run says what it created.
    const loud = await tempDir('ccp-loud-');
    try {
      const r = await spawnCcp(['codetype', 'list'], { env: isolatedEnv(loud.dir, NO_PROXY_ENV) });
      expect(r.stderr).toContain('with demo data');
    } finally {
      await loud.remove();
    }
  });

  it('`edgedevice list --all -o ndjson | head -1` ends cleanly: no EPIPE noise, exit 0', async () => {
    const script = `"${process.execPath}" "${BIN}" edgedevice list --all -o ndjson 2>"${tmp.dir}/err" | head -1; echo "exit=\${PIPESTATUS[0]}" >&2; cat "${tmp.dir}/err" >&2`;
    const r = await new Promise<{ out: string; err: string }>((resolve) => {
      const child = spawn('bash', ['-c', script], { cwd: ROOT, env });
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c;
      });
      child.stderr.on('data', (c: Buffer) => {
        err += c;
      });
      child.on('close', () => resolve({ out, err }));
    });
    expect(r.out.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(r.out)).toHaveProperty('uuid');
    expect(r.err).toContain('exit=0');
    expect(r.err).not.toMatch(/EPIPE|Error|internal/);
  });
});
