import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, ndjson, spawnCcp, tempDir } from '../helpers/cli.js';
import { basicWithDevices, startTestServer, type TestServer } from '../helpers/server.js';

const EXTRA = 2600;
let srv: TestServer;
let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let total: number;

beforeAll(async () => {
  const fixture = basicWithDevices(EXTRA, { uuidHead: 'e0000000', name: 'Bulk', serial: 'BULK' });
  srv = await startTestServer({ fixture });
  tmp = await tempDir('ccp-e2e-');
  env = isolatedEnv(tmp.dir, { CCP_BASE_URL: srv.url, CCP_TOKEN: srv.tokens.admin });
  const first = await srv.call('GET', '/edgedevice/all/0?pageSize=1', { timeZone: 'UTC' });
  total = Number(first.headers['x-total-count']);
}, 60_000);

afterAll(async () => {
  await srv.close();
  await tmp.remove();
});

describe('large listings (bin/ccp.js)', () => {
  it(`--all returns every one of ${EXTRA}+ devices exactly once`, async () => {
    expect(total).toBeGreaterThan(EXTRA);
    const r = await spawnCcp(
      ['edgedevice', 'list', '--all', '-o', 'ndjson', '--fields', 'uuid,serialNumber'],
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows).toHaveLength(total);
    const uuids = new Set(rows.map((d) => d.uuid));
    expect(uuids.size).toBe(total);
    for (let i = 0; i < EXTRA; i += 250)
      expect(uuids.has(`e0000000-0000-4000-8000-${String(i).padStart(12, '0')}`)).toBe(true);
  });

  it('--all with an odd page size gives the same set', async () => {
    const r = await spawnCcp(
      ['edgedevice', 'list', '--all', '--page-size', '333', '-o', 'csv', '--fields', 'uuid'],
      { env },
    );
    const lines = r.stdout.trim().split('\n').slice(1);
    expect(lines).toHaveLength(total);
    expect(new Set(lines).size).toBe(total);
  });

  it('--limit N returns the first N in listing order', async () => {
    const all = ndjson(
      (
        await spawnCcp(['edgedevice', 'list', '--page-size', '1000', '-o', 'ndjson', '--fields', 'uuid'], {
          env,
        })
      ).stdout,
    );
    const r = await spawnCcp(['edgedevice', 'list', '--limit', '1234', '-o', 'ndjson', '--fields', 'uuid'], {
      env,
    });
    const rows = ndjson(r.stdout);
    expect(rows).toHaveLength(1234);
    expect(rows.slice(0, 1000)).toEqual(all);
  });

  it('--page/--page-size fetch exactly one page', async () => {
    const r = await spawnCcp(
      ['edgedevice', 'list', '--page', '3', '--page-size', '250', '-o', 'ndjson', '--fields', 'uuid'],
      {
        env,
      },
    );
    const page = ndjson(r.stdout);
    expect(page).toHaveLength(250);
    const direct = await srv.call('GET', '/edgedevice/all/3?pageSize=250', { timeZone: 'UTC' });
    expect(page.map((d) => d.uuid)).toEqual(direct.body.data.map((d: { uuid: string }) => d.uuid));
  });
});
