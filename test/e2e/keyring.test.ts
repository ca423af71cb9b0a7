// Where a secret is kept (cli.md, "Connecting to a real deployment"): `login` puts it in the Secret Service
// (a private bus and gnome-keyring, test/helpers/keyring.ts), the config file keeps only that it is there;
// with no store the file takes it, with one line saying so; --insecure-storage asks for the file; a secret
// in the file moves to the store at the next login; a store gone later is exit 3 naming it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { keyringMissing, startKeyring, type TestKeyring } from '../helpers/keyring.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const missing = keyringMissing();
if (missing) console.log(`keyring tests skipped: ${missing}`);

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.close();
});

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let keyring: TestKeyring | undefined;

beforeEach(async () => {
  tmp = await tempDir('ccp-keyring-');
  env = isolatedEnv(tmp.dir, { CCP_PAGER: '' });
});
afterEach(async () => {
  await keyring?.stop();
  keyring = undefined;
  await tmp.remove();
});

const configFile = () => join(tmp.dir, 'config', 'ccp', 'config.json');
const profileInFile = (name: string) =>
  (JSON.parse(readFileSync(configFile(), 'utf8')) as { profiles: Record<string, Record<string, string>> })
    .profiles[name]!;

const login = (e: NodeJS.ProcessEnv, ...more: string[]) =>
  spawnCcp(['login', '--profile', 'p', '--base-url', srv.url, '--with-token', ...more], {
    env: e,
    input: `${srv.tokens.admin}\n`,
  });
const list = (e: NodeJS.ProcessEnv) =>
  spawnCcp(['edgedevice', 'list', '--profile', 'p', '-o', 'json'], { env: e });
const status = (e: NodeJS.ProcessEnv) => spawnCcp(['status', '--profile', 'p', '-o', 'json'], { env: e });

describe.skipIf(missing)('the Secret Service keeps the secret', () => {
  beforeEach(async () => {
    keyring = await startKeyring(tmp.dir);
    env = { ...env, ...keyring.env };
  });

  it('login puts the token in the store, the file keeps only that it is there; commands use it; status says where; logout removes it', async () => {
    const r = await login(env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('its secret in the Secret Service');
    expect(r.stderr).not.toContain('did not answer');
    const file = readFileSync(configFile(), 'utf8');
    expect(file).not.toContain(srv.tokens.admin);
    expect(profileInFile('p')).toMatchObject({ 'token-store': 'keyring' });
    expect(profileInFile('p').token).toBeUndefined();
    expect(keyring!.lookup('p')).toBe(srv.tokens.admin);

    const l = await list(env);
    expect(l.code, l.stderr).toBe(0);
    expect(JSON.parse(l.stdout)).not.toHaveLength(0);

    const s = await status(env);
    expect(s.code, s.stderr).toBe(0);
    const st = JSON.parse(s.stdout) as { credentials: { kept: string; source: string; ok: boolean } };
    expect(st.credentials.ok).toBe(true);
    expect(st.credentials.kept).toBe('the Secret Service (service ccp, account p)');
    expect(st.credentials.source).toBe('profile p (the Secret Service)');

    const out = await spawnCcp(['logout', '--profile', 'p'], { env });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toContain('removed the token of profile p from the Secret Service');
    expect(keyring!.lookup('p')).toBeNull();
    expect(profileInFile('p')['token-store']).toBeUndefined();
    const after = await list(env);
    expect(after.code).toBe(3);
    expect(after.stderr).toContain('no token was sent');
  });

  it('--insecure-storage keeps the token in the 0600 file, not in the store, with no note', async () => {
    const r = await login(env, '--insecure-storage');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('did not answer');
    expect(profileInFile('p').token).toBe(srv.tokens.admin);
    expect(keyring!.lookup('p')).toBeNull();
    const s = JSON.parse((await status(env)).stdout) as { credentials: { kept: string } };
    expect(s.credentials.kept).toBe(`${configFile()} (mode 0600)`);
  });

  it('a token found in the file moves to the store at the next login', async () => {
    expect((await login(env, '--insecure-storage')).code).toBe(0);
    expect(profileInFile('p').token).toBe(srv.tokens.admin);
    const r = await login(env);
    expect(r.code, r.stderr).toBe(0);
    expect(profileInFile('p').token).toBeUndefined();
    expect(profileInFile('p')['token-store']).toBe('keyring');
    expect(keyring!.lookup('p')).toBe(srv.tokens.admin);
    expect((await list(env)).code).toBe(0);
  });

  it('config set token keeps it in the store too', async () => {
    const r = await spawnCcp(['config', 'set', 'token', '-', '--profile', 'p'], {
      env,
      input: `${srv.tokens.viewer}\n`,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('(kept in the Secret Service)');
    expect(keyring!.lookup('p')).toBe(srv.tokens.viewer);
    expect(readFileSync(configFile(), 'utf8')).not.toContain(srv.tokens.viewer);
  });

  it('a store gone after login: exit 3 naming the store and the fix, never a request without the token', async () => {
    expect((await login(env)).code).toBe(0);
    await keyring!.killKeyring();
    const l = await list(env);
    expect(l.code, l.stderr).toBe(3);
    expect(l.stderr).toContain('the Secret Service did not give the secret of profile p');
    expect(l.stderr).toContain('--insecure-storage');
    expect(l.stderr).not.toContain('no token was sent');
    const s = await status(env);
    expect(s.code, s.stderr).toBe(3);
    expect(JSON.parse(s.stdout).credentials.detail).toContain('the Secret Service did not give');
  });
});

describe('no credential store answers', () => {
  it('login keeps the token in the 0600 file and says so in one line; status says where', async () => {
    // vitest.config.ts points DBUS_SESSION_BUS_ADDRESS at a socket that does not exist.
    const r = await login(env);
    expect(r.code, r.stderr).toBe(0);
    const notes = r.stderr.split('\n').filter((line) => line.includes('did not answer'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      new RegExp(
        `^the Secret Service did not answer \\(.+\\): the secret is kept in ${configFile()} \\(mode 0600\\) instead$`,
      ),
    );
    expect(profileInFile('p').token).toBe(srv.tokens.admin);
    expect(profileInFile('p')['token-store']).toBeUndefined();
    expect((await list(env)).code).toBe(0);
    const s = JSON.parse((await status(env)).stdout) as { credentials: { kept: string } };
    expect(s.credentials.kept).toBe(`${configFile()} (mode 0600)`);
  });

  it('with no session bus variable at all, the same', async () => {
    const { DBUS_SESSION_BUS_ADDRESS: _gone, ...bare } = env;
    const r = await login(bare);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('the Secret Service did not answer');
    expect(profileInFile('p').token).toBe(srv.tokens.admin);
  });
});
