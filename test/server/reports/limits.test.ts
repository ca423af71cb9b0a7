// POST /download's bounds: at most 5 reports per request, rendered one after another; and a database with no
// file (":memory:"), which a worker cannot open, still gets its reports.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createToken,
  importFixture,
  openStore,
  type ServerHandle,
  type Store,
  startServer,
} from '../../../src/server/index.js';
import { reportPoolStats } from '../../../src/server/reports/pool.js';
import { ORG } from '../../fixtures/basic-ids.js';
import {
  envelope,
  expectError,
  expectOk,
  FIXTURES_DIR,
  startTestServer,
  type TestServer,
} from '../../helpers/server.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.close();
});

const asks = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ templateKey: 'licenses', fileType: ['csv', 'json', 'pdf'][i % 3] }));

describe('POST /download limits', () => {
  it('5 reports in one request are made one after another', async () => {
    const data = expectOk(await srv.call('POST', '/download', { body: envelope(asks(5)) }));
    expect(data.map((r) => r.fileType)).toEqual(['csv', 'json', 'pdf', 'csv', 'json']);
    for (const r of data) expect(Buffer.from(r.fileData, 'base64').length).toBeGreaterThan(0);
    // This file's requests come one at a time, so only a request rendering in parallel could exceed 1.
    expect(reportPoolStats().peakBusy).toBe(1);
  });

  it('6 reports: 406 CCP-BV-001 naming data, nothing rendered', async () => {
    const res = await srv.call('POST', '/download', { body: envelope(asks(6)) });
    expectError(res, 406, 'CCP-BV-001', /^CCP-BV-001 Data can not be Null or Empty: data: /);
  });

  it('an unknown template after good ones: CCP-RM-002 before any report is made', async () => {
    const res = await srv.call('POST', '/download', {
      body: envelope([...asks(2), { templateKey: 'nope', fileType: 'pdf' }]),
    });
    expectError(res, 200, 'CCP-RM-002', /: data\[2\]\.templateKey "nope" is not one of edge-devices, /);
  });
});

describe('a database with no file', () => {
  let server: ServerHandle;
  let store: Store;
  afterAll(async () => {
    await server?.close();
    await store?.close();
  });

  it('reads the report on the request thread and renders it in a worker', async () => {
    store = await openStore(':memory:');
    await importFixture(store, JSON.parse(readFileSync(`${FIXTURES_DIR}basic.json`, 'utf8')));
    const token = await createToken(store, { orgUuid: ORG.root, role: 'viewer' });
    server = await startServer({ store, port: 0 });
    const res = await fetch(`${server.url}/download`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: [{ templateKey: 'licenses', fileType: 'csv' }] }),
    });
    const body = (await res.json()) as { statusCode: string; data: { fileData: string }[] };
    expect(body.statusCode).toBe('OK');
    expect(Buffer.from(body.data[0]!.fileData, 'base64').toString('utf8')).toContain('LIC-0001');
  });
});
