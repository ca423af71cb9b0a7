// `ccp login` against a real server on loopback: a refused token is named as refused by the URL typed (on
// a terminal too, on a first run with no profile), without pointing back at `ccp login`; --verbose traces
// the check as it traces any request.
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { runInPty } from '../helpers/pty.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let srv: TestServer;
let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  srv = await startTestServer();
  tmp = await tempDir('ccp-login-');
  env = isolatedEnv(tmp.dir, { CCP_PAGER: '' });
});
afterAll(async () => {
  await srv?.close();
  await tmp?.remove();
});

describe('ccp login', () => {
  it('a refused token: refused by the URL given, exit 3, nothing saved, no "run ccp login"', async () => {
    const r = await spawnCcp(['login', '--base-url', srv.url, '--with-token'], { env, input: 'wrong\n' });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain(`the token was refused by ${new URL(srv.url).origin}`);
    expect(r.stderr).not.toContain('no token was sent');
    expect(r.stderr).not.toContain('ccp login');
    expect(r.stderr).toContain('Nothing was saved');
  });

  it('--verbose traces the check, the token redacted', async () => {
    const r = await spawnCcp(
      ['--verbose', 'login', '--base-url', srv.url, '--with-token', '--profile', 'v'],
      {
        env,
        input: `${srv.tokens.admin}\n`,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/> GET http:\/\/127\.0\.0\.1:\d+\/[^\n]*edgedevice\/all\/0/);
    expect(r.stderr).toMatch(/< 200/);
    expect(r.stderr).not.toContain(srv.tokens.admin);
  });

  it('on a terminal, a first run: the refusal names the URL typed, not the embedded server', async () => {
    const fresh = await tempDir('ccp-login-pty-');
    const pty = runInPty(['login'], isolatedEnv(fresh.dir, { CCP_PAGER: '' }));
    try {
      await pty.waitFor(/Service base URL/);
      pty.type(`${srv.url}\r`);
      await pty.waitFor(/How does the service take credentials/);
      pty.type('\r');
      await pty.waitFor(/Token \(not shown\)/);
      pty.type('wrong-token\r');
      await pty.waitFor(/Default organization uuid/);
      pty.type('\r');
      await pty.waitFor(/Default user uuid/);
      pty.type('\r');
      await pty.waitFor(/Time zone sent to the service/);
      pty.type('\r');
      const { code } = await pty.exited;
      const text = stripVTControlCharacters(pty.text());
      expect(code, text).toBe(3);
      expect(text).toContain(`the token was refused by ${new URL(srv.url).origin}`);
      expect(text).not.toContain('embedded.localhost');
      expect(text).not.toContain('run ccp login');
    } finally {
      await fresh.remove();
    }
  });
});
