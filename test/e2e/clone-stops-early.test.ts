// `ccp server clone` against a service that fails part way through its device listing: the pages read
// before the failure are in the copy (the clone commits its pages in batches, and what it wrote when it
// stops), with device counts that match, and a re-run completes the copy.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/store/sqlite.js';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';

const ORG = 'a0000000-0000-4000-8000-00000000c10e';
const TOTAL = 5_000;
const FAILING_PAGE = 2;
/** Random-looking uuids (not in listing order), as a service's are. */
const uuid = (i: number) => {
  const h = ((i * 2_654_435_761) >>> 0).toString(16).padStart(8, '0');
  return `${h}-0000-4000-8000-${String(i).padStart(12, '0')}`;
};
const device = (i: number) => ({
  uuid: uuid(i),
  edgeDeviceName: `gateway ${i}`,
  serialNumber: `CS-${i}`,
  orgUUID: ORG,
  isActive: true,
  createdOn: `2026-11-20T10:00:00*${String(i % 1000).padStart(3, '0')}+0000`,
  edgeFlows: [],
  externalReferences: [],
});

let server: Server;
let failing = true;
let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, body: object, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const devices = /^\/edgedevice\/all\/(\d+)$/.exec(url.pathname);
    if (devices) {
      const pageNo = Number(devices[1]);
      if (failing && pageNo === FAILING_PAGE) {
        send(400, { statusCode: 'CCP-BV-001', reason: 'page withdrawn', data: [], metadata: {} });
        return;
      }
      const size = Number(url.searchParams.get('pageSize'));
      const from = pageNo * size;
      const ids = Array.from({ length: Math.max(0, Math.min(size, TOTAL - from)) }, (_, k) => from + k);
      send(
        200,
        { statusCode: 'OK', data: ids.map(device), metadata: {} },
        { 'x-total-count': String(TOTAL) },
      );
      return;
    }
    if (/^\/codeTypes\/\d+$/.test(url.pathname)) {
      send(200, { statusCode: 'OK', data: [], metadata: {} }, { 'x-total-count': '0' });
      return;
    }
    send(404, { statusCode: 'NOT_FOUND', reason: url.pathname, data: [], metadata: {} });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  tmp = await tempDir('ccp-clone-early-');
  env = isolatedEnv(tmp.dir, { CCP_TOKEN: 'service-token' });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const set = await spawnCcp(['config', 'set', '--profile', 'svc', 'base-url', url], { env });
  expect(set.code, set.stderr).toBe(0);
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await tmp?.remove();
});

/** The copy's devices, and whether its per-organization count matches them. */
function copied(db: string): { devices: number; counted: boolean } {
  const sqlite = openSqlite(db, { readonly: true });
  try {
    const devices = (sqlite.prepare('SELECT count(*) AS n FROM edge_devices').get() as { n: number }).n;
    const kept = sqlite.prepare('SELECT n FROM org_device_counts WHERE org_uuid = ?').get(ORG) as
      | { n: number }
      | undefined;
    return { devices, counted: (kept?.n ?? 0) === devices };
  } finally {
    sqlite.close();
  }
}

describe('a clone that stops part way', () => {
  it('keeps the pages it read, and a re-run completes the copy', async () => {
    const copy = join(tmp.dir, 'copy.db');
    const clone = () =>
      spawnCcp(['server', 'clone', '--from', 'svc', '--db', copy, '--parallel', '1'], {
        env,
        timeoutMs: 60_000,
      });
    const stopped = await clone();
    expect(stopped.code).not.toBe(0);
    expect(stopped.stderr).toContain('page withdrawn');
    expect(copied(copy)).toEqual({ devices: FAILING_PAGE * 1000, counted: true });

    failing = false;
    const again = await clone();
    expect(again.code, again.stderr).toBe(0);
    expect(copied(copy)).toEqual({ devices: TOTAL, counted: true });
    const listed = await spawnCcp(
      ['--db', copy, 'edgedevice', 'list', '--all', '-o', 'ndjson', '--fields', 'uuid'],
      {
        env,
      },
    );
    expect(listed.stdout.trimEnd().split('\n')).toHaveLength(TOTAL);
  });
});
