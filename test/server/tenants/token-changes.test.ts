// The server keeps each token's grant while the database is unchanged; any change to the file, by the server
// itself or by another connection (another process: `ccp` on the same file), must be seen by the next request.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../../../src/server/index.js';
import { openSqlite, type SqliteDatabase } from '../../../src/server/store/sqlite.js';
import { ORG, USER } from '../../fixtures/basic-ids.js';
import { envelope, expectError, expectOk, startTestServer, type TestServer } from '../../helpers/server.js';

const LIST = '/edgedevice/all/0?pageSize=10';
const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

describe('token changes reach the next request', () => {
  let srv: TestServer;
  let other: SqliteDatabase;
  beforeAll(async () => {
    srv = await startTestServer();
    other = openSqlite(srv.dbPath);
  });
  afterAll(async () => {
    other.close();
    await srv.close();
  });
  const fresh = (role: 'admin' | 'operator' = 'admin') =>
    createToken(srv.store, { orgUuid: ORG.root, role, userUuid: USER.admin });
  const list = (token: string) => srv.call('GET', LIST, { token, timeZone: 'UTC' });

  it('a token revoked through the server’s own connection is refused', async () => {
    const token = await fresh();
    expectOk(await list(token));
    expect(await srv.store.tokens.revoke(hash(token), Date.now())).toBe(true);
    expectError(await list(token), 401, 'UNAUTHORIZED');
  });

  it('a token revoked by another connection to the file is refused', async () => {
    const token = await fresh();
    expectOk(await list(token));
    other.prepare('UPDATE tokens SET revoked_on = 1 WHERE hash = ?').run(hash(token));
    expectError(await list(token), 401, 'UNAUTHORIZED');
  });

  it('a role lowered by another connection is what the next request is allowed', async () => {
    const token = await fresh('operator');
    const body = envelope([{ edgeDeviceName: 'gw', serialNumber: 'SN-token-1' }]);
    const add = `/edgedevice/org/${ORG.root}/user/${USER.admin}/add`;
    expectOk(await srv.call('POST', add, { token, body, timeZone: 'UTC' }));
    other.prepare("UPDATE tokens SET role = 'viewer' WHERE hash = ?").run(hash(token));
    expectError(await srv.call('POST', add, { token, body, timeZone: 'UTC' }), 403, 'FORBIDDEN');
  });

  it('a token created by another connection is accepted at once, after it was refused', async () => {
    const token = 'ccp_made-elsewhere';
    expectError(await list(token), 401, 'UNAUTHORIZED');
    other
      .prepare('INSERT INTO tokens (hash, org_uuid, role, user_uuid, created_on) VALUES (?, ?, ?, ?, ?)')
      .run(hash(token), ORG.root, 'viewer', null, Date.now());
    expectOk(await list(token));
  });
});
