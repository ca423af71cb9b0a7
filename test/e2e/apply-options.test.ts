// `ccp org options apply` over the real server and binary. The interface cannot read options, so the plan
// lists every key as set; applying upserts them and a second run changes nothing stored.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/store/sqlite.js';
import { ORG } from '../fixtures/basic-ids.js';
import { type CliTarget, spawnCcp, startCliTarget } from '../helpers/cli.js';
import { type CountingProxy, countingProxy } from './apply-helpers.js';

let t: CliTarget;
let proxy: CountingProxy;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  t = await startCliTarget();
  proxy = await countingProxy(t.srv.url);
  env = { ...t.env, CCP_BASE_URL: proxy.url };
});
afterAll(async () => {
  await proxy.close();
  await t.close();
});
beforeEach(() => proxy.reset());

function stored(): Record<string, unknown> {
  const db = openSqlite(t.srv.dbPath, { readonly: true });
  const rows = db.prepare('SELECT key, value FROM org_options WHERE org_uuid = ?').all(ORG.root) as {
    key: string;
    value: string;
  }[];
  db.close();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

const YAML =
  '# options\n- key: retention.days\n  value: "30"\n- key: alerts.email\n  value: ops@acme.example\n';

it('--dry-run prints the keys to set, says stored values are unknown, and sends nothing', async () => {
  const path = join(t.dir, 'o.yaml');
  writeFileSync(path, YAML);
  const r = await spawnCcp(['org', 'options', 'apply', ORG.root, '-f', path, '--dry-run', '-o', 'json'], {
    env,
  });
  expect(r.code, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({
    set: [
      { key: 'retention.days', value: '30' },
      { key: 'alerts.email', value: 'ops@acme.example' },
    ],
    unchanged: null,
  });
  expect(r.stderr).toContain('2 to set');
  expect(r.stderr).toContain('stored values cannot be read');
  expect(proxy.seen).toEqual([]);
});

it('applies in one request; a second run leaves the stored options as they are', async () => {
  const path = join(t.dir, 'o.yaml');
  writeFileSync(path, YAML);
  const first = await spawnCcp(['org', 'options', 'apply', ORG.root, '-f', path], { env });
  expect(first.code, first.stderr).toBe(0);
  expect(JSON.parse(first.stdout).saved.map((o: { key: string }) => o.key)).toEqual([
    'retention.days',
    'alerts.email',
  ]);
  expect(proxy.writes().map((s) => s.path)).toEqual([`/org/options/org/${ORG.root}/add`]);
  const after = stored();
  expect(after).toMatchObject({ 'retention.days': '30', 'alerts.email': 'ops@acme.example' });
  const again = await spawnCcp(['org', 'options', 'apply', ORG.root, '-f', path], { env });
  expect(again.code, again.stderr).toBe(0);
  expect(stored()).toEqual(after);
});

it('a key repeated in the file is a usage error naming both lines', async () => {
  const path = join(t.dir, 'o.csv');
  writeFileSync(path, 'key,value\na,1\nb,2\na,3\n');
  const r = await spawnCcp(['org', 'options', 'apply', ORG.root, '-f', path], { env });
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(`${path}:4: key a repeats line 2`);
  expect(proxy.seen).toEqual([]);
});
