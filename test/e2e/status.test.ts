// `ccp status` on the embedded default: the database's path, size, counts and integrity check.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { runInPty } from '../helpers/pty.js';
import { startTestServer } from '../helpers/server.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  tmp = await tempDir('ccp-status-');
  env = isolatedEnv(tmp.dir);
  expect((await spawnCcp(['server', 'seed', '--demo'], { env })).code).toBe(0);
});

afterAll(() => tmp.remove());

describe('ccp status on the embedded default', () => {
  it('gives the database path, size, a count of each record kind and the integrity check; exit 0', async () => {
    const r = await spawnCcp(['status', '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({
      ok: true,
      target: 'embedded server (local database)',
      reachable: { ok: true },
      credentials: { ok: true },
      timeZone: 'UTC',
      database: {
        ok: true,
        path: join(tmp.dir, 'data', 'ccp', 'ccp.db'),
        integrity: 'ok',
        counts: { edgeDevices: 300, organizations: 8 },
      },
    });
    expect(s.database.sizeBytes).toBeGreaterThan(0);
    expect(Object.keys(s.database.counts)).toEqual([
      'organizations',
      'edgeDevices',
      'edgeFlows',
      'codeTypes',
      'codes',
      'licenses',
      'notifications',
      'tokens',
    ]);
    expect(s.tls).toBeUndefined();
  });

  it('lists the settings in effect in a fixed order, header values and the helper command never shown', async () => {
    const settingsEnv = {
      ...env,
      CCP_AUTH_SCHEME: 'header:X-Api-Key',
      CCP_HEADERS: 'X-Tenant: t1\nX-Secret: s3cr3t',
      CCP_TOKEN_COMMAND: 'echo hidden-helper',
      CCP_INSECURE: 'true',
      CCP_TIME_ZONE: 'Asia/Kolkata',
      CCP_TIMEOUT: '45s',
    };
    const r = await spawnCcp(['status', '-o', 'json'], { env: settingsEnv });
    expect(r.stdout).not.toMatch(/s3cr3t|hidden-helper/);
    expect(JSON.parse(r.stdout).settings).toEqual([
      { key: 'auth-scheme', value: 'header X-Api-Key', from: 'CCP_AUTH_SCHEME' },
      { key: 'headers', value: 'X-Tenant, X-Secret', from: 'CCP_HEADERS' },
      { key: 'token-command', value: '(set)', from: 'CCP_TOKEN_COMMAND' },
      { key: 'insecure', value: 'true', from: 'CCP_INSECURE' },
      { key: 'time-zone', value: 'Asia/Kolkata', from: 'CCP_TIME_ZONE' },
      { key: 'timeout', value: '45s', from: 'CCP_TIMEOUT' },
    ]);
  });

  it('a file that is not a database fails the command, not silently', async () => {
    const bad = join(tmp.dir, 'bad.db');
    writeFileSync(bad, 'this is not SQLite');
    const r = await spawnCcp(['--db', bad, 'status', '-o', 'json'], { env });
    expect(r.code).not.toBe(0);
  });

  it.each([60, 120])(
    'on a %i-column terminal: counts in words, the timeout as config list shows it, every line within the width',
    async (cols) => {
      const pty = runInPty(['status'], { ...env, CCP_PAGER: '' }, { cols });
      expect((await pty.exited).code, pty.text()).toBe(0);
      const text = stripVTControlCharacters(pty.text()).replace(/\r/g, '');
      for (const line of text.split('\n')) expect(stringWidth(line), line).toBeLessThanOrEqual(cols);
      const flat = text.replace(/\n {4}/g, ' ');
      for (const words of ['8 organizations', '300 edge devices', '60 flows', '1 token']) {
        expect(flat).toContain(words);
      }
      expect(text).not.toMatch(/edgeDevices|edgeFlows|tokens/);
      expect(text).toMatch(/timeout: 30s \(from default\)/);
      const list = await spawnCcp(['config', 'list', '-o', 'json'], { env });
      expect(list.stdout).toContain('"30s"');
    },
  );

  it('-o yaml is the same document as -o json', async () => {
    const json = await spawnCcp(['status', '-o', 'json'], { env });
    const yaml = await spawnCcp(['status', '-o', 'yaml'], { env });
    expect(yaml.code, yaml.stderr).toBe(0);
    const a = JSON.parse(json.stdout);
    const b = parse(yaml.stdout);
    expect({ ...b, reachable: { ...b.reachable, ms: 0 } }).toEqual({
      ...a,
      reachable: { ...a.reachable, ms: 0 },
    });
  });
});

describe('ccp status: the organization and role the credentials act for', () => {
  const ROOT_ORG = 'b58f93c5-e752-4a3d-b848-9e5dc516822b';

  it('on the embedded default, its own admin token: the root organization by name and uuid, as admin', async () => {
    const r = await spawnCcp(['status', '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).actsFor).toEqual({
      organization: { uuid: ROOT_ORG, name: 'Acme Industries' },
      role: 'admin',
    });
    const human = await spawnCcp(['status', '-o', 'table'], { env });
    expect(human.stdout).toContain(`acts for organization Acme Industries (${ROOT_ORG}) as admin`);
  });

  it("on the embedded default with another token: that token's organization and role", async () => {
    const sub = '1fdb370b-46be-4683-8e34-1cdc648c78d0';
    const made = await spawnCcp(['server', 'token', 'create', '--org', sub, '--role', 'viewer'], { env });
    expect(made.code, made.stderr).toBe(0);
    const r = await spawnCcp(['status', '-o', 'json'], { env: { ...env, CCP_TOKEN: made.stdout.trim() } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).actsFor).toEqual({
      organization: { uuid: sub, name: 'Acme West' },
      role: 'viewer',
    });
  });

  it('against a remote service: unknown, saying why (its interface does not tell)', async () => {
    const srv = await startTestServer();
    try {
      const r = await spawnCcp(['status', '-o', 'json'], {
        env: { ...env, CCP_BASE_URL: srv.url, CCP_TOKEN: srv.tokens.admin },
      });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).actsFor).toEqual({
        organization: null,
        role: null,
        note: "the service's interface does not say which organization and role a token has",
      });
    } finally {
      await srv.close();
    }
  });
});
