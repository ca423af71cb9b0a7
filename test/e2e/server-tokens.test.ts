// `ccp server token list` and `revoke` on a database two `ccp server start` processes serve: the list shows
// ids, never tokens; a token revoked by id gets 401 at once from both servers, which had just accepted it.
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG } from '../fixtures/basic-ids.js';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { FIXTURES_DIR } from '../helpers/server.js';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let db: string;
const tokens: Record<'admin' | 'viewer', string> = { admin: '', viewer: '' };
let servers: ServerProcess[] = [];

beforeAll(async () => {
  tmp = await tempDir('ccp-tokens-');
  env = isolatedEnv(tmp.dir);
  db = join(tmp.dir, 'shared.db');
  const imported = await spawnCcp(['server', 'import', join(FIXTURES_DIR, 'basic.json'), '--db', db], {
    env,
  });
  expect(imported.code, imported.stderr).toBe(0);
  for (const role of ['admin', 'viewer'] as const) {
    const created = await spawnCcp(
      ['server', 'token', 'create', '--org', ORG.root, '--role', role, '--db', db],
      {
        env,
      },
    );
    expect(created.code, created.stderr).toBe(0);
    tokens[role] = created.stdout.trim();
  }
  servers = await Promise.all([startServerProcess(db, env), startServerProcess(db, env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await tmp.remove();
});

async function status(server: ServerProcess, token: string): Promise<number> {
  const res = await request(`${server.url}/codeTypes/0?pageSize=1`, {
    headers: { authorization: `Bearer ${token}`, time_zone: 'UTC' },
  });
  await res.body.dump();
  return res.statusCode;
}

interface Row {
  id: string;
  organization: string;
  role: string;
  user: string | null;
  created: string;
  lastUsed: string | null;
}

async function list(): Promise<Row[]> {
  const r = await spawnCcp(['server', 'token', 'list', '--db', db, '-o', 'json'], { env });
  expect(r.code, r.stderr).toBe(0);
  for (const token of Object.values(tokens)) expect(r.stdout + r.stderr).not.toContain(token.slice(4));
  return JSON.parse(r.stdout) as Row[];
}

describe('ccp server token list and revoke', () => {
  it('lists id, organization, role, created and last used, never the token', async () => {
    const before = await list();
    expect(before.map((r) => r.role).sort()).toEqual(['admin', 'viewer']);
    for (const row of before) {
      expect(row).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{12}$/), organization: ORG.root });
      expect(Number.isNaN(Date.parse(row.created))).toBe(false);
      expect(row.lastUsed).toBeNull();
    }
    expect(await status(servers[0]!, tokens.viewer)).toBe(200);
    const after = await list();
    expect(after.find((r) => r.role === 'viewer')!.lastUsed).not.toBeNull();
    expect(after.find((r) => r.role === 'admin')!.lastUsed).toBeNull();
  });

  it('a revoked token gets 401 at once from every server on the database', async () => {
    for (const s of servers) {
      expect(await status(s, tokens.viewer)).toBe(200);
      expect(await status(s, tokens.admin)).toBe(200);
    }
    const id = (await list()).find((r) => r.role === 'viewer')!.id;
    const revoked = await spawnCcp(['server', 'token', 'revoke', id, '--db', db], { env });
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stderr).toContain(`Revoked token ${id}`);
    for (const s of servers) {
      expect(await status(s, tokens.viewer)).toBe(401);
      expect(await status(s, tokens.admin)).toBe(200);
    }
    expect((await list()).map((r) => r.role)).toEqual(['admin']);
    const again = await spawnCcp(['server', 'token', 'revoke', id, '--db', db], { env });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`no live token has the id ${id}`);
    const bad = await spawnCcp(['server', 'token', 'revoke', tokens.admin, '--db', db], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).not.toContain(tokens.admin.slice(4));
  });
});
