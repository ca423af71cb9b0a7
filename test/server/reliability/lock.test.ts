// decisions.md "Several processes, one database": a write waits for another process's write (up to the
// busy timeout); only after that wait does it fail, with its own section-7 error (503 where it has none),
// the cause after the reason, and a log line. Reads never wait for a writer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, importFixture, startServer } from '../../../src/server/index.js';
import { ORG, USER } from '../../fixtures/basic-ids.js';
import { holdWriteLock } from '../../helpers/lock-holder.js';
import { timedCall } from '../../helpers/server.js';
import { openSqliteForTest } from '../../helpers/sqlite-engine.js';
import { tempStore } from '../store/temp-store.js';

let t: ReturnType<typeof tempStore>;
let token: string;

beforeAll(async () => {
  t = tempStore();
  await importFixture(t.store, { organizations: [{ uuid: ORG.root, orgName: 'Root' }] });
  token = await createToken(t.store, { orgUuid: ORG.root, role: 'admin' });
});
afterAll(() => t.cleanup());

const call = (url: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
  timedCall(url, token, method, path, body);

const addPath = `/edgedevice/org/${ORG.root}/user/${USER.admin}/add`;
const device = (serial: string) => ({ data: [{ edgeDeviceName: serial, serialNumber: serial }] });

describe('a write lock held by another process', () => {
  it('a read through the store is served while a write waits for the lock (the connection is not held)', async () => {
    const held = await holdWriteLock(t.engine.path, 'hold');
    let writeSettled = false;
    const write = t.store
      .tx((s) => s.organizations.exists(ORG.root))
      .finally(() => {
        writeSettled = true;
      });
    try {
      expect(await t.store.read((s) => s.organizations.exists(ORG.root))).toBe(true);
      expect(await t.store.organizations.exists(ORG.root)).toBe(true);
      expect(writeSettled).toBe(false);
    } finally {
      await held.release();
    }
    expect(await write).toBe(true);
  });

  it('a read answers at once; a write waits for the lock, the server serving others meanwhile, and succeeds', async () => {
    const handle = await startServer({ store: t.store, port: 0 });
    try {
      // The lock is held until the test lets go: what happens before that is told by order, not by a clock.
      const held = await holdWriteLock(t.engine.path, 'hold');
      const read = await call(handle.url, 'GET', '/edgedevice/all/0?pageSize=10');
      expect(read.json.statusCode).toBe('OK');
      let writeSettled = false;
      const waiting = call(handle.url, 'POST', addPath, device('WAITED-1')).finally(() => {
        writeSettled = true;
      });
      // While the write waits for the lock, the server answers others: its event loop keeps turning.
      const during = await call(handle.url, 'GET', '/edgedevice/all/0?pageSize=10');
      expect(during.json.statusCode).toBe('OK');
      const again = await call(handle.url, 'GET', '/edgedevice/all/0?pageSize=10');
      expect(again.json.statusCode).toBe('OK');
      expect(writeSettled).toBe(false);
      await held.release();
      const write = await waiting;
      expect(write.json.statusCode, JSON.stringify(write.json)).toBe('OK');
      const stored = t.engine.db.prepare(
        "SELECT count(*) FROM edge_devices WHERE serial_number = 'WAITED-1'",
      );
      expect(stored.pluck().get()).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it("past the wait: the operation's own error, or 503, with the cause; logged with method and path, never the token", async () => {
    // The same database through a store that waits 200 ms instead of 10 s.
    const { store: impatient, engine } = openSqliteForTest(t.engine.path, { lockWaitMs: 200 });
    const lines: string[] = [];
    const handle = await startServer({ store: impatient, port: 0, log: (l) => lines.push(l) });
    try {
      const held = await holdWriteLock(t.engine.path, 1500);
      const add = await call(handle.url, 'POST', addPath, device('NEVER-1'));
      expect(add.status).toBe(200);
      expect(add.json.statusCode).toBe('CCP-DM-006');
      expect(add.json.reason).toMatch(
        /^CCP-DM-006 Error while Creating\/Updating edge device: database busy/,
      );
      const save = await call(handle.url, 'POST', '/notification', { data: [{ type: 'EMAIL' }] });
      expect(save.status).toBe(503);
      expect(save.json).toMatchObject({ data: [], statusCode: 'SERVICE_UNAVAILABLE' });
      expect(save.json.reason).toMatch(/^SERVICE_UNAVAILABLE The service is unavailable: database busy/);
      for (const body of [add.json, save.json])
        expect(JSON.stringify(body)).not.toMatch(/SQLITE|\.db\b|\/tmp/);
      await held.released;
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(
        /^\d{4}-\d\d-\d\dT\S+Z POST \/edgedevice\/org\/\S+\/add StoreError SQLITE_BUSY: database busy: .*$/,
      );
      expect(lines[1]).toMatch(/ POST \/notification StoreError SQLITE_BUSY/);
      expect(lines.join('\n')).not.toContain(token);
      const stored = engine.db.prepare("SELECT count(*) FROM edge_devices WHERE serial_number = 'NEVER-1'");
      expect(stored.pluck().get()).toBe(0);
    } finally {
      await handle.close();
      await impatient.close();
    }
  });
});
