// End-to-end: what the built bin/ccp.js shows of a secret and where it sends one (cli.md "What reaches a
// terminal, a spreadsheet, or another user"): the --verbose trace, and the warning for credentials in clear.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { behaviours, type Fake, fakeProxy, fakeService } from '../helpers/fake-service.js';
import { runInPty } from '../helpers/pty.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let svc: Fake;
let proxy: Fake;
const TOKEN = 'opaque-0123456789-token';
const CLEAR = /warning: credentials go to http:\/\/devices\.example\.test:\d+ in clear/;

beforeAll(async () => {
  tmp = await tempDir('ccp-secrets-');
  // No proxy of the machine's: the tests that want one set it.
  const none = {
    http_proxy: '',
    https_proxy: '',
    no_proxy: '',
    HTTP_PROXY: '',
    HTTPS_PROXY: '',
    NO_PROXY: '',
  };
  env = isolatedEnv(tmp.dir, none);
  svc = await fakeService(behaviours.emptyOk);
  proxy = await fakeProxy();
});

afterAll(async () => {
  await svc.close();
  await proxy.close();
  await tmp.remove();
});

describe('--verbose', () => {
  it('redacts the token of --auth-scheme header:NAME, a name that says nothing, and -H secrets', async () => {
    const r = await spawnCcp(
      [
        ...['--base-url', svc.url, '--auth-scheme', 'header:X-Custom-Name', '--verbose'],
        ...['-H', 'X-Session: sess-0123456789', '-H', 'Authorization: Basic b3BzOnBhNTV3MHJk'],
        ...['codetype', 'list'],
      ],
      { env: { ...env, CCP_TOKEN: TOKEN } },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('> x-custom-name: [redacted]');
    expect(r.stderr).toContain('> x-session: [redacted]');
    expect(r.stderr).toContain('> authorization: Basic ops:[redacted]');
    for (const part of ['0123456789', 'b3BzOnBhNTV3MHJk', 'pa55w0rd', 'MHJk'])
      expect(r.stderr).not.toContain(part);
  });
});

describe('credentials in clear', () => {
  const list = (base: string, extra: NodeJS.ProcessEnv) =>
    spawnCcp(['--base-url', base, 'codetype', 'list'], { env: { ...env, ...extra } });

  it('a token sent to an http:// host off loopback warns, on every run', async () => {
    for (let run = 0; run < 2; run++) {
      const before = proxy.hits;
      // The proxy carries the name to the fake on loopback: the request really goes, as it would in clear.
      const r = await list(`http://devices.example.test:${svc.port}`, {
        HTTP_PROXY: proxy.url,
        CCP_TOKEN: TOKEN,
      });
      expect(r.code, r.stderr).toBe(0);
      expect(proxy.hits).toBeGreaterThan(before);
      expect(r.stderr).toMatch(CLEAR);
    }
  });

  it('so does a secret header with no token', async () => {
    const r = await spawnCcp(
      [
        '--base-url',
        `http://devices.example.test:${svc.port}`,
        '-H',
        'X-Api-Key: k-0123',
        'codetype',
        'list',
      ],
      { env: { ...env, HTTP_PROXY: proxy.url } },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(CLEAR);
  });

  it('loopback (by address or name) and a request with no credential do not warn', async () => {
    const loop = await list(svc.url, { CCP_TOKEN: TOKEN });
    expect(loop.code, loop.stderr).toBe(0);
    expect(loop.stderr).not.toContain('in clear');
    const named = await list(`http://localhost:${svc.port}`, { CCP_TOKEN: TOKEN });
    expect(named.code, named.stderr).toBe(0);
    expect(named.stderr).not.toContain('in clear');
    const bare = await list(`http://devices.example.test:${svc.port}`, { HTTP_PROXY: proxy.url });
    expect(bare.code, bare.stderr).toBe(0);
    expect(bare.stderr).not.toContain('in clear');
  });
});

describe('Resume with: after Ctrl-C in a bulk add', () => {
  it('shows every secret header redacted as --verbose does, the token as "$CCP_TOKEN", other headers whole', async () => {
    const stall = await fakeService(behaviours.stall);
    try {
      const file = join(tmp.dir, 'resume.csv');
      writeFileSync(file, 'edgeDeviceName,serialNumber\nA,SN-A\nB,SN-B\n');
      const org = 'a0000000-0000-4000-8000-000000000001';
      const pty = runInPty(
        [
          ...['--base-url', stall.url, '--token', TOKEN],
          ...['-H', 'X-Api-Key: key-0123456789', '--header=Cookie: session=cookie-0123456789'],
          ...['-HAuthorization: Basic b3BzOnBhNTV3MHJk', '-H', 'X-Trace: keep-me'],
          ...['edgedevice', 'add', '--org', org, '--user', org, '-f', file, '--batch-size', '1'],
        ],
        env,
        { cols: 400 },
      );
      await new Promise<void>((resolve) => {
        const poll = setInterval(() => {
          if (stall.hits === 0) return;
          clearInterval(poll);
          resolve();
        }, 20);
      });
      pty.type('\x03');
      expect((await pty.exited).code).toBe(130);
      const text = pty.text();
      const resume = text.split('\r\n').find((l) => l.startsWith('Resume with: '));
      expect(resume, text).toContain(`--token "$CCP_TOKEN"`);
      expect(resume).toContain(`-H 'X-Api-Key: [redacted]'`);
      expect(resume).toContain(`'--header=Cookie: [redacted]'`);
      expect(resume).toContain(`'-HAuthorization: Basic ops:[redacted]'`);
      expect(resume).toContain(`-H 'X-Trace: keep-me'`);
      for (const part of ['0123456789', 'b3BzOnBhNTV3MHJk', TOKEN]) expect(text).not.toContain(part);
    } finally {
      await stall.close();
    }
  });
});
