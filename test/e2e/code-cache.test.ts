// The code caches the build makes (scripts/build.mjs, bin/load.js) are taken by V8 on the paths whose
// start-up matters: every script a command compiles comes with cached data, and V8 accepts it. V8 refuses
// data made under other flags; a remote command sets one (--liftoff-only) before it loads undici, and what
// is compiled after it has caches of its own. A refused or missing cache only costs time, so only this
// test would see it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_ORG, deviceDatabase } from '../../bench/lib/devices.js';
import { ensureBuilt, isolatedEnv, ROOT, spawnCcp, tempDir } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let tmp: { dir: string; remove: () => Promise<void> };
let srv: TestServer;
let db: string;
let runs = 0;

beforeAll(async () => {
  ensureBuilt();
  tmp = await tempDir('ccp-code-cache-');
  db = join(tmp.dir, 'devices.db');
  deviceDatabase(db, 50).close();
  writeFileSync(
    join(tmp.dir, 'new.csv'),
    'edgeDeviceName,serialNumber,ipAdress,port\n"gw 1",NEW-1,10.0.0.1,1880\n"gw 2",NEW-2,10.0.0.2,1881\n',
  );
  srv = await startTestServer();
}, 60_000);

afterAll(async () => {
  await tmp.remove();
  await srv?.close();
});

/** The scripts a `ccp <args>` process compiled, each with what became of its cache. */
async function caches(args: string[], env: NodeJS.ProcessEnv = {}) {
  const report = join(tmp.dir, `report-${++runs}.json`);
  const hook = join(ROOT, 'test', 'helpers', 'cache-report.cjs');
  // A home of its own: no cache made by an earlier run in the user's cache directory.
  const home = join(tmp.dir, `home-${runs}`);
  const r = await spawnCcp(args, {
    env: isolatedEnv(home, { ...env, NODE_OPTIONS: `--require ${hook}`, CACHE_REPORT: report }),
  });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(readFileSync(report, 'utf8')) as { script: string; state: string }[];
}

describe('the code caches made at build', () => {
  it.each([
    ['help', ['edgedevice', '--help']],
    ['an embedded listing', () => ['--db', db, 'edgedevice', 'list', '-o', 'json']],
    [
      'an embedded bulk add',
      () => [
        '--db',
        db,
        'edgedevice',
        'add',
        '--org',
        BENCH_ORG,
        '--user',
        BENCH_ORG,
        '-f',
        join(tmp.dir, 'new.csv'),
        '-o',
        'ndjson',
      ],
    ],
  ])('are taken for %s', async (_what, args) => {
    const seen = await caches(typeof args === 'function' ? args() : args);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.state !== 'ok')).toEqual([]);
  });

  it('are taken for a listing from a running service, before and after --liftoff-only', async () => {
    const seen = await caches(['edgedevice', 'list', '-o', 'json'], {
      CCP_BASE_URL: srv.url,
      CCP_TOKEN: srv.tokens.admin,
    });
    expect(seen.map((s) => s.script)).toContain('main.cjs');
    expect(seen.some((s) => s.script.startsWith('transport-'))).toBe(true);
    expect(seen.filter((s) => s.state !== 'ok')).toEqual([]);
  });
});
