// GET /codeTypes/{pageNo}: code types with their codes, paged.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/index.js';
import { openSqlite } from '../../src/server/store/sqlite.js';
import { CODE, CODE_TYPE } from '../fixtures/basic-ids.js';
import {
  describePagination,
  expectError,
  expectOk,
  FIXED_NOW,
  startTestServer,
  type TestServer,
} from '../helpers/server.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ clock: fixedClock(FIXED_NOW) });
});
afterAll(async () => {
  await srv?.close();
});

const list = (
  opts: { token?: string | null; timeZone?: string } = { timeZone: 'UTC' },
  query = '?pageSize=100',
) => srv.call('GET', `/codeTypes/0${query}`, opts);

describePagination(() => srv, {
  base: '/codeTypes',
  expected: () => Object.values(CODE_TYPE),
  pageSize: 1,
});

describe('GET /codeTypes/{pageNo}', () => {
  it('lists the code types with their codes', async () => {
    const res = await list();
    const types = expectOk(res);
    expect(res.headers['x-total-count']).toBe('2');
    expect(types.map((t) => t.uuid).sort()).toEqual(Object.values(CODE_TYPE).sort());
    const kind = types.find((t) => t.uuid === CODE_TYPE.deviceKind);
    expect(kind).toMatchObject({
      clazz: 'device',
      codeTypeIdentifier: 'DEVICE_KIND',
      shortDescription: 'Device kind',
      longDescription: 'The kind of an edge device',
      value: 'device-kind',
      isActive: true,
    });
    expect(kind.codes.map((c: { uuid: string }) => c.uuid).sort()).toEqual(
      [CODE.gateway, CODE.sensor, CODE.actuator].sort(),
    );
    expect(kind.codes.find((c: { uuid: string }) => c.uuid === CODE.gateway)).toMatchObject({
      codeIdentifier: 'GATEWAY',
      value: 'gateway',
    });
    const method = types.find((t) => t.uuid === CODE_TYPE.dataMethod);
    expect(method.codes.map((c: { uuid: string }) => c.uuid).sort()).toEqual([CODE.random, CODE.sine].sort());
  });

  it("renders timestamps in the request's time_zone, codes included", async () => {
    const [utc] = expectOk(await list({ timeZone: 'UTC' }, '?pageSize=1'));
    const [ist] = expectOk(await list({ timeZone: 'Asia/Kolkata' }, '?pageSize=1'));
    expect(utc.uuid).toBe(ist.uuid);
    expect(utc.createdOn).toBe('2026-11-21T04:00:00*000+0000');
    expect(ist.createdOn).toBe('2026-11-21T09:30:00*000+0530');
    expect(ist.updatedOn).toBe('2026-11-21T09:30:00*000+0530');
    for (const c of ist.codes) expect(c.createdOn).toBe('2026-11-21T09:30:00*000+0530');
  });

  it("a GET's metadata names the caller", async () => {
    const res = await list({ timeZone: 'UTC', token: srv.tokens.otherAdmin });
    expectOk(res);
    expect(res.body.metadata).toMatchObject({ orgUuid: 'a0000000-0000-4000-8000-000000000009' });
  });

  it('code types are global: every role and organization sees them all', async () => {
    for (const token of [
      srv.tokens.viewer,
      srv.tokens.operator,
      srv.tokens.subAdmin,
      srv.tokens.otherAdmin,
    ]) {
      expect(expectOk(await list({ token, timeZone: 'UTC' }))).toHaveLength(2);
    }
  });

  it('time_zone missing or unknown: 406; no token: 401', async () => {
    expectError(await list({}), 406, 'CCP-BV-001', /time_zone/);
    expectError(await list({ timeZone: 'Europe/Nowhere' }), 406, 'CCP-BV-001', /time_zone/);
    expectError(await list({ token: null, timeZone: 'UTC' }), 401, 'UNAUTHORIZED');
  });

  // Runs last: it breaks the store under the running server.
  it('a store failure: 200 CCP-CS-004, and the server keeps answering', async () => {
    const side = openSqlite(srv.dbPath);
    try {
      const tables = side
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%code%'")
        .all() as { name: string }[];
      expect(tables.length).toBeGreaterThan(0);
      for (const { name } of tables) side.exec(`ALTER TABLE "${name}" RENAME TO "${name}_gone"`);
    } finally {
      side.close();
    }
    expectError(
      await list(),
      200,
      'CCP-CS-004',
      'CCP-CS-004 Error while fetching CodeType: the database could not complete the operation',
    );
    const other = await srv.call('GET', '/edgedevice/all/0?pageSize=1', { timeZone: 'UTC' });
    expectOk(other);
  });
});
