// `ccp server clone` end to end: a `ccp server start` process over a database seeded with the demo set, a
// profile pointing at it, and a copy made through it; the two are compared only through the CLI.
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/store/sqlite.js';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let server: ServerProcess;
let source: string;
let copy: string;
let root: string;
let orgs: string[];

async function ccp(...args: string[]) {
  const r = await spawnCcp(args, { env, timeoutMs: 60_000 });
  if (r.code !== 0) throw new Error(`ccp ${args.join(' ')}: exit ${r.code}\n${r.stderr}`);
  return r;
}

/** Every listing the interface has, as JSON text: from the service, or from the copy with --db. */
async function listings(db?: string): Promise<Record<string, string>> {
  const target = db ? ['--profile', 'prod', '--db', db] : ['--profile', 'prod'];
  const out: Record<string, string> = {};
  const lists = [['edgedevice', 'list'], ['codetype', 'list'], ...orgs.map((o) => ['org', 'list', o])];
  for (const list of lists) {
    out[list.join(' ')] = (await ccp(...target, ...list, '--all', '-o', 'json')).stdout;
  }
  return out;
}

/**
 * The copy's device count per organization (what X-Total-Count and license limits read), against its devices
 * counted afresh: the clone moves the counts a page at a time.
 */
function countsOf(db: string) {
  const sqlite = openSqlite(db, { readonly: true });
  try {
    return {
      kept: sqlite.prepare('SELECT org_uuid, n FROM org_device_counts WHERE n != 0 ORDER BY org_uuid').all(),
      counted: sqlite
        .prepare('SELECT org_uuid, count(*) AS n FROM edge_devices GROUP BY org_uuid ORDER BY org_uuid')
        .all(),
    };
  } finally {
    sqlite.close();
  }
}

beforeAll(async () => {
  tmp = await tempDir('ccp-clone-');
  env = isolatedEnv(tmp.dir);
  source = join(tmp.dir, 'service.db');
  copy = join(tmp.dir, 'copy.db');
  await ccp('server', 'seed', '--demo', '--db', source);
  const db = openSqlite(source, { readonly: true });
  try {
    root = (
      db
        .prepare('SELECT uuid FROM organizations WHERE parent_uuid IS NULL ORDER BY created_on, uuid')
        .get() as { uuid: string }
    ).uuid;
    // The root and every organization with children: the sub-organization listings worth comparing.
    orgs = (
      db
        .prepare('SELECT DISTINCT parent_uuid AS uuid FROM organizations WHERE parent_uuid IS NOT NULL')
        .all() as {
        uuid: string;
      }[]
    ).map((r) => r.uuid);
  } finally {
    db.close();
  }
  const token = (await ccp('server', 'token', 'create', '--org', root, '--role', 'admin', '--db', source))
    .stdout;
  server = await startServerProcess(source, env);
  await ccp('config', 'set', '--profile', 'prod', 'base-url', server.url);
  await ccp('config', 'set', '--profile', 'prod', 'token', token.trim());
  await ccp('config', 'set', '--profile', 'prod', 'org', root);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await tmp?.remove();
});

describe('ccp server clone', () => {
  it('copies what the service lists: every listing of the copy is the same as the service', async () => {
    const r = await ccp('server', 'clone', '--from', 'prod', '--db', copy, '-o', 'json');
    expect(r.stderr).toMatch(/Not copied: licenses, notifications and organization options/);
    const summary = JSON.parse(r.stdout);
    expect(summary.edgeDevices).toBeGreaterThan(0);
    expect(summary.codeTypes).toBeGreaterThan(0);
    expect(summary.organizations).toBeGreaterThan(1);
    // The copy holds the service's records: its owner's alone.
    expect(statSync(copy).mode & 0o777).toBe(0o600);
    const theirs = await listings();
    expect(JSON.parse(theirs['edgedevice list']!).length).toBe(summary.edgeDevices);
    expect(await listings(copy)).toEqual(theirs);
    const counts = countsOf(copy);
    expect(counts.kept.length).toBeGreaterThan(1);
    expect(counts.kept).toEqual(counts.counted);
  }, 120_000);

  it('rehearses an apply on the copy and leaves the service untouched', async () => {
    const before = await listings();
    const devices = JSON.parse(before['edgedevice list']!) as { orgUUID: string; serialNumber: string }[];
    const ours = devices.filter((d) => d.orgUUID === root);
    const file = join(tmp.dir, 'devices.csv');
    writeFileSync(
      file,
      `name,serial,location\nRehearsal gateway,REH-0001,Hall 9\nRenamed,${ours[0]!.serialNumber},Hall 9\n`,
    );
    const apply = ['edgedevice', 'apply', '--org', root, '--user', root, '-f', file];
    const plan = await ccp('--profile', 'prod', '--db', copy, ...apply, '--dry-run', '-o', 'json');
    expect(JSON.parse(plan.stdout)).toMatchObject({ create: [{}], update: [{}] });
    await ccp('--profile', 'prod', '--db', copy, ...apply, '--yes');
    const after = await listings(copy);
    expect(after['edgedevice list']).toContain('REH-0001');
    expect(await listings()).toEqual(before);
  }, 120_000);

  it('refreshes the copy on a re-run: changes on the service come in, the rehearsal goes', async () => {
    await ccp(
      '--profile',
      'prod',
      'edgedevice',
      'add',
      '--org',
      root,
      '--user',
      root,
      '--name',
      'Added later',
      '--serial',
      'LATE-0001',
    );
    await ccp('server', 'clone', '--from', 'prod', '--db', copy, '-q');
    const theirs = await listings();
    expect(theirs['edgedevice list']).toContain('LATE-0001');
    expect(await listings(copy)).toEqual(theirs);
    const counts = countsOf(copy);
    expect(counts.kept).toEqual(counts.counted);
  }, 120_000);

  it('names --from when the profile it gives does not exist (exit 2)', async () => {
    const r = await spawnCcp(['server', 'clone', '--from', 'nosuch', '--db', join(tmp.dir, 'x.db')], {
      env,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('profile "nosuch" (from --from) does not exist');
  });
});
