// `ccp server clone` from a slow service, and another ccp process writing to the same database meanwhile:
// the clone commits in steps (10,000 devices or about a second), so the other write waits for one step at
// most, never for the whole clone (decisions.md, "Several processes, one database": a write waits up to 10 s).
// Ctrl-C in the middle keeps what the steps wrote.
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/store/sqlite.js';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { spawnWatching } from './writes/helpers.js';

const ORG = 'a0000000-0000-4000-8000-0000000c1057';
const PAGES = 20;
const TOTAL = PAGES * 1000;
/** Each page of devices takes this long: the clone runs for PAGES × PAGE_MS, longer than the 10 s wait. */
const PAGE_MS = 700;
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
  createdOn: '2026-11-20T10:00:00*000+0000',
  edgeFlows: [],
  externalReferences: [],
});

let server: Server;
let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
/** Resolved a moment after the clone got its third page: it is well under way by then. */
let reading: Promise<void>;
let readingNow: () => void;
let answerAt = 0;
/** Told of each page of devices as it is sent. */
let onPage: (pageNo: number) => void = () => undefined;

beforeAll(async () => {
  reading = new Promise((r) => {
    readingNow = r;
  });
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, body: object, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const devices = /^\/edgedevice\/all\/(\d+)$/.exec(url.pathname);
    if (devices) {
      const pageNo = Number(devices[1]);
      const size = Number(url.searchParams.get('pageSize'));
      const from = pageNo * size;
      const ids = Array.from({ length: Math.max(0, Math.min(size, TOTAL - from)) }, (_, k) => from + k);
      // One page every PAGE_MS, however many the clone asks for at once.
      answerAt = Math.max(performance.now(), answerAt) + PAGE_MS;
      setTimeout(() => {
        send(
          200,
          { statusCode: 'OK', data: ids.map(device), metadata: {} },
          { 'x-total-count': String(TOTAL) },
        );
        if (pageNo === 2) setTimeout(readingNow, 300);
        onPage(pageNo);
      }, answerAt - performance.now());
      return;
    }
    if (/^\/codeTypes\/\d+$/.test(url.pathname)) {
      send(200, { statusCode: 'OK', data: [], metadata: {} }, { 'x-total-count': '0' });
      return;
    }
    send(404, { statusCode: 'NOT_FOUND', reason: url.pathname, data: [], metadata: {} });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  tmp = await tempDir('ccp-clone-others-');
  env = isolatedEnv(tmp.dir, { CCP_TOKEN: 'service-token' });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const set = await spawnCcp(['config', 'set', '--profile', 'svc', 'base-url', url], { env });
  expect(set.code, set.stderr).toBe(0);
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await tmp?.remove();
});

describe('a clone that runs for longer than the lock wait', () => {
  it('lets another process write to the same database while it runs: the write waits for one step', async () => {
    // A database that already holds an organization of its own, as a copy cloned before does.
    const copy = join(tmp.dir, 'copy.db');
    const seeded = await spawnCcp(['server', 'seed', '--demo', '--db', copy], { env, timeoutMs: 60_000 });
    expect(seeded.code, seeded.stderr).toBe(0);
    const before = openSqlite(copy, { readonly: true });
    let org: string;
    let tokens: number;
    try {
      org = before
        .prepare('SELECT uuid FROM organizations WHERE parent_uuid IS NULL LIMIT 1')
        .pluck()
        .get() as string;
      tokens = before.prepare('SELECT count(*) FROM tokens').pluck().get() as number;
    } finally {
      before.close();
    }
    const started = performance.now();
    const clone = spawnCcp(['server', 'clone', '--from', 'svc', '--db', copy], {
      env,
      timeoutMs: 90_000,
    });
    await reading;
    const asked = performance.now();
    const token = await spawnCcp(
      ['--db', copy, 'server', 'token', 'create', '--org', org, '--role', 'viewer'],
      {
        env,
        timeoutMs: 30_000,
      },
    );
    const waited = performance.now() - asked;
    expect(token.code, token.stderr).toBe(0);
    expect(token.stdout.trim()).not.toBe('');
    // The write did not wait for the clone to end: it ended while the clone still ran.
    const cloned = await clone;
    const ran = performance.now() - started;
    expect(cloned.code, cloned.stderr).toBe(0);
    expect(ran).toBeGreaterThan(PAGES * PAGE_MS);
    expect(waited).toBeLessThan(ran - (asked - started) - 2 * PAGE_MS);

    const sqlite = openSqlite(copy, { readonly: true });
    try {
      expect(sqlite.prepare('SELECT count(*) AS n FROM edge_devices').pluck().get()).toBe(TOTAL);
      expect(sqlite.prepare('SELECT count(*) AS n FROM tokens').pluck().get()).toBe(tokens + 1);
    } finally {
      sqlite.close();
    }
  }, 120_000);

  it('keeps the steps it wrote when Ctrl-C stops it, with counts that match', async () => {
    const copy = join(tmp.dir, 'stopped.db');
    let child: ChildProcess | undefined;
    const stopped = spawnWatching(
      ['server', 'clone', '--from', 'svc', '--db', copy, '--verbose'],
      env,
      (_line, c) => {
        child = c;
      },
    );
    // The fourth page sent, and a moment to write it: SIGINT, as Ctrl-C sends it.
    await new Promise<void>((r) => {
      onPage = (pageNo) => {
        if (pageNo === 3) setTimeout(r, 300);
      };
    });
    onPage = () => undefined;
    expect(child).toBeDefined();
    child!.kill('SIGINT');
    const r = await stopped;
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('Cancelled.');
    const sqlite = openSqlite(copy, { readonly: true });
    try {
      const devices = sqlite.prepare('SELECT count(*) FROM edge_devices').pluck().get() as number;
      expect(devices).toBeGreaterThanOrEqual(4000);
      expect(devices).toBeLessThan(TOTAL);
      expect(devices % 1000).toBe(0);
      expect(sqlite.prepare('SELECT n FROM org_device_counts WHERE org_uuid = ?').pluck().get(ORG)).toBe(
        devices,
      );
    } finally {
      sqlite.close();
    }
  }, 60_000);
});
