/**
 * A real embedded server for black-box tests: a temp dir, a SQLite file in it, a fixture imported, five
 * tokens, and the server on 127.0.0.1 port 0.
 *
 *   const srv = await startTestServer({ clock: fixedClock(FIXED_NOW) });
 *   const res = await srv.call('GET', '/edgedevice/all/0?pageSize=10', { timeZone: 'UTC' });
 *   expect(res.status).toBe(200); expect(res.body.statusCode).toBe('OK');
 *   await srv.close();
 *
 * `call` sends the admin token unless told otherwise (`token: null` sends none), JSON-encodes an object body
 * and sends a string or Buffer body as it is. Start one server per test file (beforeAll), not per test.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { describe, expect, inject, it } from 'vitest';
import type { Clock } from '../../src/domain/index.js';
import {
  createToken,
  importFixture,
  openStore,
  type ServerHandle,
  type Store,
  startServer,
} from '../../src/server/index.js';
import { ORG, USER } from '../fixtures/basic-ids.js';
import { checkResponse } from './openapi-responses.js';
import { expectStableOrder } from './order.js';
import { freshDatabase } from './postgres.js';
import { openSqliteForTest, type SqliteEngine } from './sqlite-engine.js';

export { expectStableOrder };

/** 2026-11-21T04:00:00.000Z: 04:00 in UTC, 09:30 in Asia/Kolkata. Use with `fixedClock` from src/domain. */
export const FIXED_NOW = Date.UTC(2026, 10, 21, 4, 0, 0, 0);

export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

export interface TestServerOptions {
  /** A fixture object, or a file name in test/fixtures, or a path. Default: basic.json. */
  fixture?: object | string;
  /** The clock of the store and the server (import timestamps included). Default: the system clock. */
  clock?: Clock;
  /** Check every answer of `call` against docs/openapi.json (test/helpers/openapi-responses.ts). Default: true. */
  checkResponses?: boolean;
  /**
   * The engine of the store: a SQLite file in the temp dir, or a fresh database on the test run's PostgreSQL
   * (test/helpers/postgres-setup.ts). Default: CCP_TEST_STORE, else sqlite.
   */
  storeEngine?: 'sqlite' | 'postgres';
}

/** The store of a test server, and the SQLite engine under it (none on PostgreSQL). */
async function openTestStore(
  kind: 'sqlite' | 'postgres',
  location: string,
  clock: Clock | undefined,
): Promise<{ store: Store; engine: SqliteEngine | undefined }> {
  if (kind === 'postgres')
    return { store: await openStore(location, clock ? { clock } : {}), engine: undefined };
  return openSqliteForTest(location, clock ? { clock } : undefined);
}

export interface Tokens {
  /** Admin of the root organization ORG.root (user USER.admin). */
  admin: string;
  operator: string;
  viewer: string;
  /** Admin of ORG.sub1, a sub-organization of the root. */
  subAdmin: string;
  /** Admin of ORG.other, an unrelated root organization. */
  otherAdmin: string;
}

export interface CallOptions {
  /** Bearer token; default the admin's; null sends no Authorization header. */
  token?: string | null;
  /** An object is sent as JSON; a string or Buffer is sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as the `time_zone` header. */
  timeZone?: string;
  /** false: do not check this answer against docs/openapi.json. */
  checkResponse?: boolean;
}

export interface CallResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response JSON and assert on it
  body: any;
  /** The raw response text (body is its JSON parse, or this text when it is not JSON). */
  text: string;
}

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:41234 (changes on restart). */
  url: string;
  tokens: Tokens;
  store: Store;
  /** The SQLite engine under the store (the same connection), to read or break what the service wrote. */
  engine: SqliteEngine;
  dbPath: string;
  // biome-ignore lint/suspicious/noExplicitAny: the fixture is plain JSON the tests index into
  fixture: any;
  call(method: string, path: string, opts?: CallOptions): Promise<CallResult>;
  /** Closes the server and the store, then opens both again on the same file. */
  restart(): Promise<void>;
  /** Closes the server and the store and removes the temp dir. */
  close(): Promise<void>;
}

function loadFixture(fixture: object | string | undefined): object {
  if (typeof fixture === 'object') return fixture;
  const name = fixture ?? 'basic.json';
  const path = name.includes('/') ? name : join(FIXTURES_DIR, name);
  return JSON.parse(readFileSync(path, 'utf8')) as object;
}

/**
 * The basic fixture with `count` more devices of the root organization, numbered: uuid `<uuidHead>-0000-4000-
 * 8000-<n>`, name `<name> <i>`, serial `<serial>-<i>` (listings long enough to span many pages).
 */
export function basicWithDevices(
  count: number,
  names: { uuidHead: string; name: string; serial: string },
): { edgeDevices: object[] } {
  const fixture = loadFixture('basic.json') as { edgeDevices: object[] };
  for (let i = 0; i < count; i++) {
    fixture.edgeDevices.push({
      uuid: `${names.uuidHead}-0000-4000-8000-${String(i).padStart(12, '0')}`,
      edgeDeviceName: `${names.name} ${i}`,
      serialNumber: `${names.serial}-${i}`,
      port: 1000 + (i % 100),
      isActive: true,
      isDisabled: false,
      orgUUID: ORG.root,
      userUUID: USER.admin,
    });
  }
  return fixture;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dir = await mkdtemp(join(tmpdir(), 'ccp-test-'));
  const kind = opts.storeEngine ?? (process.env.CCP_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite');
  let dbPath = join(dir, 'ccp.db');
  if (kind === 'postgres') {
    const admin = inject('pgAdminUrl');
    if (!admin)
      throw new Error("a PostgreSQL test server needs the run's PostgreSQL (test/helpers/postgres-setup.ts)");
    dbPath = await freshDatabase(admin);
  }
  const fixture = loadFixture(opts.fixture);
  const clock = opts.clock;
  let { store, engine } = await openTestStore(kind, dbPath, clock);
  await importFixture(store, fixture);
  const tokens: Tokens = {
    admin: await createToken(store, { orgUuid: ORG.root, role: 'admin', userUuid: USER.admin }),
    operator: await createToken(store, { orgUuid: ORG.root, role: 'operator', userUuid: USER.operator }),
    viewer: await createToken(store, { orgUuid: ORG.root, role: 'viewer', userUuid: USER.viewer }),
    subAdmin: await createToken(store, { orgUuid: ORG.sub1, role: 'admin', userUuid: USER.subAdmin }),
    otherAdmin: await createToken(store, { orgUuid: ORG.other, role: 'admin', userUuid: USER.otherAdmin }),
  };
  const listen = (s: Store) =>
    startServer({ store: s, host: '127.0.0.1', port: 0, ...(clock ? { clock } : {}) });
  let server: ServerHandle = await listen(store);

  const handle: TestServer = {
    url: server.url,
    tokens,
    store,
    get engine(): SqliteEngine {
      if (!engine) throw new Error('this test looks under the port, at the SQLite engine: not on PostgreSQL');
      return engine;
    },
    dbPath,
    fixture,
    async call(method, path, callOpts = {}) {
      const headers: Record<string, string> = {};
      const token = callOpts.token === undefined ? tokens.admin : callOpts.token;
      if (token !== null) headers.authorization = `Bearer ${token}`;
      if (callOpts.timeZone !== undefined) headers.time_zone = callOpts.timeZone;
      let body: string | Buffer | undefined;
      if (callOpts.body !== undefined) {
        const raw = callOpts.body;
        body = typeof raw === 'string' || Buffer.isBuffer(raw) ? raw : JSON.stringify(raw);
        headers['content-type'] = 'application/json';
      }
      Object.assign(headers, callOpts.headers);
      const res = await request(`${handle.url}${path}`, {
        method: method as 'GET',
        headers,
        ...(body !== undefined ? { body } : {}),
      });
      const text = await res.body.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: the test sees the text.
      }
      if (opts.checkResponses !== false && callOpts.checkResponse !== false)
        checkResponse(method, path, res.statusCode, parsed);
      return { status: res.statusCode, headers: res.headers, body: parsed, text };
    },
    async restart() {
      await server.close();
      await store.close();
      ({ store, engine } = await openTestStore(kind, dbPath, clock));
      server = await listen(store);
      handle.store = store;
      handle.url = server.url;
    },
    async close() {
      await server.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return handle;
}

/** What a client sees of one request: the status, Retry-After, X-Total-Count, the envelope and its time. */
export interface TimedAnswer<Row = unknown> {
  status: number;
  retryAfter: string | null;
  total: string | null;
  json: { statusCode?: string; reason?: string; data?: Row[] };
  ms: number;
}

/**
 * One request to the server at `base` as a client makes it, with `token` (an object body sent as JSON), for
 * a server that is not a TestServer (another process, or one the test started itself). Gives up after 20 s.
 */
export async function timedCall<Row = unknown>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<TimedAnswer<Row>> {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      time_zone: 'UTC',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(20_000),
  });
  const json = (await res.json()) as TimedAnswer<Row>['json'];
  const header = (name: string) => res.headers.get(name);
  return {
    status: res.status,
    retryAfter: header('retry-after'),
    total: header('x-total-count'),
    json,
    ms: performance.now() - t0,
  };
}

/** A request envelope around `data`. */
export function envelope(data: unknown[], metadata: Record<string, string> = {}) {
  return { data, metadata: { fileCodeUuid: '', orgUuid: ORG.root, userUuid: USER.admin, ...metadata } };
}

/** Asserts a success envelope: HTTP 200, statusCode OK, a data array; returns the data. */
// biome-ignore lint/suspicious/noExplicitAny: records are asserted field by field
export function expectOk(res: CallResult): any[] {
  expect(res.status, res.text).toBe(200);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(res.body.statusCode, res.text).toBe('OK');
  expect(Array.isArray(res.body.data)).toBe(true);
  expect(typeof res.body.metadata).toBe('object');
  return res.body.data;
}

/**
 * Asserts decisions.md's error envelope: `{data: [], metadata: {...}, statusCode: CODE, reason: "CODE ..."}`
 * at `status`; `reason` given, the reason must be it, optionally followed by ": detail" (a string), or match
 * it (a RegExp).
 */
export function expectError(res: CallResult, status: number, code: string, reason?: string | RegExp): void {
  expect(res.status, res.text).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(res.body, res.text).toMatchObject({ data: [], statusCode: code });
  expect(res.body.metadata).toBeTypeOf('object');
  expect(res.body.metadata).not.toBeNull();
  expect(res.body.reason).toBeTypeOf('string');
  expect(res.body.reason.startsWith(`${code} `), res.body.reason).toBe(true);
  // The wording is section 7's, exactly; only validation errors add ": <field path>: <message>".
  if (typeof reason === 'string') expect(res.body.reason).toBe(reason);
  else if (reason) expect(res.body.reason).toMatch(reason);
}

/** The wire form of a timestamp: yyyy-MM-dd'T'HH:mm:ss*SSS±HHMM. */
export const WIRE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\*\d{3}[+-]\d{4}$/;

/** GETs `${base}/${n}?pageSize=` for n = 0, 1, ... up to the first short page; returns every record. */
export async function walkPages(
  srv: TestServer,
  base: string,
  pageSize: number,
  opts: CallOptions = {},
  // biome-ignore lint/suspicious/noExplicitAny: records are asserted field by field
): Promise<any[]> {
  const all: unknown[] = [];
  for (let page = 0; page < 10_000; page++) {
    const data = expectOk(await srv.call('GET', `${base}/${page}?pageSize=${pageSize}`, opts));
    expect(data.length).toBeLessThanOrEqual(pageSize);
    all.push(...data);
    if (data.length < pageSize) return all;
  }
  throw new Error(`walkPages: ${base} never ended`);
}

export interface PaginationCase {
  /** The listing path without the page number, e.g. `/edgedevice/all`. */
  base: string;
  /** The uuids the listing must hold, in any order (read when the tests run). */
  expected: () => string[];
  /** Page size of the first/middle page tests; pick one that leaves a middle page. */
  pageSize: number;
  /** Headers etc. sent on every call (time_zone, token). */
  opts?: CallOptions;
}

/** The pagination matrix of decisions.md for one listing: pages, page errors, order, X-Total-Count. */
export function describePagination(srv: () => TestServer, c: PaginationCase): void {
  const opts = { timeZone: 'UTC', ...c.opts };
  const get = (page: string, query: string) => srv().call('GET', `${c.base}/${page}${query}`, opts);
  const p = c.pageSize;

  describe(`pagination of ${c.base}`, () => {
    it('walks every page (sizes 1, p, 1000): each record once, ordered by createdOn then uuid', async () => {
      const expected = [...c.expected()].sort();
      for (const size of [1, p, 1000]) {
        const all = await walkPages(srv(), c.base, size, opts);
        expect(all.map((r) => r.uuid).sort()).toEqual(expected);
        expectStableOrder(all);
      }
    });

    it('first and middle pages are consecutive slices of the whole listing, with X-Total-Count', async () => {
      const whole = expectOk(await get('0', '?pageSize=1000')).map((r) => r.uuid);
      const first = await get('0', `?pageSize=${p}`);
      expect(expectOk(first).map((r) => r.uuid)).toEqual(whole.slice(0, p));
      expect(first.headers['x-total-count']).toBe(String(c.expected().length));
      const middle = await get('1', `?pageSize=${p}`);
      expect(expectOk(middle).map((r) => r.uuid)).toEqual(whole.slice(p, 2 * p));
      expect(middle.headers['x-total-count']).toBe(String(c.expected().length));
    });

    it('a page past the end is 200 OK with empty data', async () => {
      expect(expectOk(await get('1000', `?pageSize=${p}`))).toEqual([]);
    });

    it.each(['-1', 'x', '1.5'])('pageNo %s: 406 page no', async (page) => {
      expectError(
        await get(page, '?pageSize=10'),
        406,
        'CCP-BV-001',
        'CCP-BV-001 Page no should not be less than zero',
      );
    });

    it.each(['?pageSize=0', '?pageSize=-5', '?pageSize=x', '', '?pageSize='])(
      'pageSize "%s": 406 page size',
      async (query) => {
        expectError(
          await get('0', query),
          406,
          'CCP-BV-001',
          'CCP-BV-001 Page size must be greater than zero',
        );
      },
    );

    it('pageSize 1001: 406 must not exceed 1000; 1000 is fine', async () => {
      expectError(
        await get('0', '?pageSize=1001'),
        406,
        'CCP-BV-001',
        'CCP-BV-001 Page size must not exceed 1000',
      );
      expectOk(await get('0', '?pageSize=1000'));
    });
  });
}
