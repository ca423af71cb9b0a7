// A client that hangs up while its report renders: the server ends the rendering (its worker) instead of
// finishing a file nobody will read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_ORG, deviceDatabase } from '../../../bench/lib/devices.js';
import { createToken, type ServerHandle, type Store, startServer } from '../../../src/server/index.js';
import { reportPoolStats } from '../../../src/server/reports/pool.js';

const dir = mkdtempSync(join(tmpdir(), 'ccp-hang-up-'));
let store: Store;
let server: ServerHandle;
let token: string;

beforeAll(async () => {
  store = await deviceDatabase(join(dir, 'ccp.db'), 30_000);
  token = await createToken(store, { orgUuid: BENCH_ORG, role: 'viewer' });
  server = await startServer({ store, port: 0 });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a client that hangs up', () => {
  it('ends the rendering of its report at once', async () => {
    const gone = new AbortController();
    const asked = request(`${server.url}/download`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', time_zone: 'UTC' },
      body: JSON.stringify({ data: [{ templateKey: 'edge-devices', fileType: 'pdf' }] }),
      signal: gone.signal,
    });
    asked.catch(() => undefined);
    const until = performance.now() + 10_000;
    while (reportPoolStats().busy === 0 && performance.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    expect(reportPoolStats().busy).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    const hungUp = performance.now();
    gone.abort();
    while (reportPoolStats().busy > 0 && performance.now() - hungUp < 5000)
      await new Promise((r) => setTimeout(r, 10));
    expect(reportPoolStats().busy).toBe(0);
    expect(performance.now() - hungUp).toBeLessThan(1000);
  }, 60_000);
});
