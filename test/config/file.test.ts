import { chmodSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ConfigFile,
  configDir,
  loadEmbeddedAccess,
  maskToken,
  saveEmbeddedAccess,
} from '../../src/config/index.js';
import { tempEnv } from './helpers.js';

const ORG = '0f0e0d0c-0b0a-4909-8807-060504030201';

let t: ReturnType<typeof tempEnv>;
beforeEach(() => {
  t = tempEnv();
});
afterEach(() => t.cleanup());

const mode = (path: string) => statSync(path).mode & 0o777;

describe('config file', () => {
  it('lives in CCP_CONFIG_DIR, else XDG_CONFIG_HOME/ccp, else ~/.config/ccp', () => {
    expect(configDir(t.env)).toBe(join(t.dir, 'config'));
    expect(configDir({ HOME: t.dir, XDG_CONFIG_HOME: join(t.dir, 'xdg') })).toBe(join(t.dir, 'xdg', 'ccp'));
    expect(configDir({ HOME: t.dir })).toBe(join(t.dir, '.config', 'ccp'));
  });

  it('keeps mode 0600 after every write, and the directory private', async () => {
    const store = await ConfigFile.open(t.env);
    expect(store.path).toBe(join(t.dir, 'config', 'config.json'));
    store.set('default', 'token', 'ccp_abcdefghijklmnopqrstuvwxyz');
    expect(mode(store.path)).toBe(0o600);
    expect(mode(join(t.dir, 'config'))).toBe(0o700);
    store.set('staging', 'org', ORG);
    expect(mode(store.path)).toBe(0o600);
    store.useProfile('staging');
    expect(mode(store.path)).toBe(0o600);
    store.unset('default', 'token');
    expect(mode(store.path)).toBe(0o600);
    // A file someone loosened is tightened again on the next write.
    chmodSync(store.path, 0o644);
    await saveEmbeddedAccess(join(t.dir, 'x.db'), { token: 'ccp_embeddedtokenvalue', orgUuid: ORG }, t.env);
    expect(mode(store.path)).toBe(0o600);
  });

  it('persists across opens', async () => {
    const a = await ConfigFile.open(t.env);
    a.set('staging', 'time-zone', 'Asia/Kolkata');
    a.useProfile('staging');
    const b = await ConfigFile.open(t.env);
    expect(b.currentProfile()).toBe('staging');
    expect(b.get('staging', 'time-zone')).toBe('Asia/Kolkata');
    const file = JSON.parse(readFileSync(b.path, 'utf8'));
    expect(file).toEqual({
      currentProfile: 'staging',
      profiles: { staging: { 'time-zone': 'Asia/Kolkata' } },
    });
  });
});

describe('without a writable config directory', () => {
  it('resolves from flags and variables, and explains why a write fails', async () => {
    const { writeFileSync } = await import('node:fs');
    const { resolveConfig } = await import('../../src/config/index.js');
    const blocker = join(t.dir, 'not-a-dir');
    writeFileSync(blocker, '');
    const env = { ...t.env, CCP_CONFIG_DIR: join(blocker, 'ccp'), CCP_BASE_URL: 'https://ccp.example.com' };
    expect((await resolveConfig({}, env)).baseUrl).toBe('https://ccp.example.com');
    const store = await ConfigFile.open(env);
    expect(() => store.set('default', 'output', 'json')).toThrow(/cannot write the config file .*not-a-dir/);
    await expect(
      saveEmbeddedAccess(join(t.dir, 'x.db'), { token: 'ccp_whatever-long-token', orgUuid: ORG }, env),
    ).rejects.toThrow(/cannot write the config file/);
  });
});

describe('embedded access', () => {
  it('round-trips per database path, under its own key', async () => {
    const db1 = join(t.dir, 'one.db');
    const db2 = join(t.dir, 'two.db');
    expect(await loadEmbeddedAccess(db1, t.env)).toBeUndefined();
    await saveEmbeddedAccess(db1, { token: 'ccp_tokenforthefirstdb', orgUuid: ORG }, t.env);
    expect(await loadEmbeddedAccess(db1, t.env)).toEqual({ token: 'ccp_tokenforthefirstdb', orgUuid: ORG });
    expect(await loadEmbeddedAccess(db2, t.env)).toBeUndefined();
    await saveEmbeddedAccess(db2, { token: 'ccp_tokenforthesecond', orgUuid: ORG }, t.env);
    expect((await loadEmbeddedAccess(db1, t.env))?.token).toBe('ccp_tokenforthefirstdb');
    expect((await loadEmbeddedAccess(db2, t.env))?.token).toBe('ccp_tokenforthesecond');
    // A relative path names the same database as its absolute form.
    const rel = join(t.dir, 'sub', '..', 'one.db');
    expect((await loadEmbeddedAccess(rel, t.env))?.token).toBe('ccp_tokenforthefirstdb');
    // Embedded access does not leak into any profile.
    const store = await ConfigFile.open(t.env);
    expect(store.profile('default')).toEqual({});
  });

  it('refuses access without a valid organization uuid', async () => {
    await expect(
      saveEmbeddedAccess(join(t.dir, 'x.db'), { token: 'ccp_whatever', orgUuid: 'nope' }, t.env),
    ).rejects.toThrow(/organization uuid/);
  });
});

describe('maskToken', () => {
  it('shows the prefix and the last four characters only', () => {
    expect(maskToken('ccp_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAabcd')).toBe('ccp_…abcd');
    expect(maskToken('someOtherLongTokenWXYZ')).toBe('…WXYZ');
    expect(maskToken('ccp_short')).toBe('ccp_…');
  });
});
