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

  it('on a terminal, a first run: the refusal names the URL typed, not the embedded server, and asks again', async () => {
    const fresh = await tempDir('ccp-login-pty-');
    const pty = runInPty(['login'], isolatedEnv(fresh.dir, { CCP_PAGER: '' }));
    try {
      await pty.waitFor(/Service base URL/);
      pty.type(`${srv.url}\r`);
      await pty.waitFor(/How does the service take credentials/);
      pty.type('\r');
      // Each ask after a refusal is waited for: keys typed before the prompt is drawn would be echoed.
      for (let i = 0; i < 3; i++) {
        await pty.waitFor(new RegExp(`(type it again[^]*){${i}}Token \\(not shown\\)`));
        pty.type('wrong-token\r');
      }
      const { code } = await pty.exited;
      const text = stripVTControlCharacters(pty.text());
      expect(code, text).toBe(3);
      // Checked as soon as typed: refused twice and asked again, the third refusal ends it, no other question.
      // ccp's messages are wrapped to the terminal: the reason may take two lines.
      expect(text.match(/refused it [^:]*: type it again/g)).toHaveLength(2);
      expect(text).toContain(`the token was refused by ${new URL(srv.url).origin}`);
      expect(text).not.toContain('Default organization uuid');
      expect(text).not.toContain('embedded.localhost');
      expect(text).not.toContain('run ccp login');
    } finally {
      await fresh.remove();
    }
  });

  it('on a terminal: flags answer their questions; the token is checked as typed and asked again when refused; the profile becomes current when there is none', async () => {
    const fresh = await tempDir('ccp-login-flags-');
    const own = isolatedEnv(fresh.dir, { CCP_PAGER: '' });
    const pty = runInPty(
      ['login', '--profile', 'local', '--base-url', srv.url, '--auth-scheme', 'bearer', '--time-zone', 'UTC'],
      own,
    );
    try {
      await pty.waitFor(/Token \(not shown\)/);
      pty.type('wrong-token\r');
      // Asked again at once: nothing else between the refusal and the next ask.
      await pty.waitFor(/refused it [^:]*: type it again\r\n[^\n]*Token \(not shown\)/);
      pty.type(`${srv.tokens.admin}\r`);
      await pty.waitFor(/accepted the credentials/);
      await pty.waitFor(/Default organization uuid/);
      pty.type('\r');
      await pty.waitFor(/Default user uuid/);
      pty.type('\r');
      const { code } = await pty.exited;
      const text = stripVTControlCharacters(pty.text());
      expect(code, text).toBe(0);
      expect(text).not.toContain('Service base URL');
      expect(text).not.toContain('How does the service take credentials');
      expect(text).not.toContain('Time zone sent to the service');
      expect(text).toContain('Profile local is now the current one');
      expect(text).not.toContain(srv.tokens.admin);
      // The saved profile is the one commands use now.
      const used = await spawnCcp(['edgedevice', 'list', '-o', 'json'], { env: own });
      expect(used.code, used.stderr).toBe(0);
    } finally {
      await fresh.remove();
    }
  });

  it('with a current profile in use: says how to switch; --use switches', async () => {
    const fresh = await tempDir('ccp-login-use-');
    const own = isolatedEnv(fresh.dir, { CCP_PAGER: '' });
    try {
      const login = (...more: string[]) =>
        spawnCcp(['login', '--base-url', srv.url, '--with-token', ...more], {
          env: own,
          input: `${srv.tokens.viewer}\n`,
        });
      const first = await login('--profile', 'one');
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).toContain('Profile one is now the current one');
      const second = await login('--profile', 'two');
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).toContain('The current profile is still one: switch with `ccp config use two`');
      const current = await spawnCcp(['config', 'list', '--profiles', '-o', 'json'], { env: own });
      expect(JSON.parse(current.stdout)).toContainEqual({ name: 'one', current: true });
      const third = await login('--profile', 'three', '--use');
      expect(third.code, third.stderr).toBe(0);
      expect(third.stderr).toContain('Profile three is now the current one');
      const after = await spawnCcp(['config', 'list', '--profiles', '-o', 'json'], { env: own });
      expect(JSON.parse(after.stdout)).toContainEqual({ name: 'three', current: true });
    } finally {
      await fresh.remove();
    }
  });
});
