import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, serve, startServer } from '../../../src/server/index.js';
import { openSqliteForTest } from '../../helpers/sqlite-engine.js';

const dir = mkdtempSync(join(tmpdir(), 'ccp-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serve and startServer', () => {
  it('lets an in-flight request finish on close, then refuses new connections', async () => {
    // The handler answers only when the test says so, after close() has begun.
    let arrived!: () => void;
    const arrival = new Promise<void>((r) => {
      arrived = r;
    });
    let answer!: () => void;
    const answered = new Promise<void>((r) => {
      answer = r;
    });
    const handle = await serve(
      async (_req, res) => {
        arrived();
        await answered;
        res.end('done');
      },
      { port: 0 },
    );
    expect(handle.host).toBe('127.0.0.1');
    const inFlight = request(`${handle.url}/slow`);
    await arrival;
    const closed = handle.close();
    answer();
    const res = await inFlight;
    expect(res.statusCode).toBe(200);
    expect(await res.body.text()).toBe('done');
    await closed;
    await expect(request(`${handle.url}/again`)).rejects.toThrow();
  });

  it('closes idle keep-alive connections, and the store it opened', async () => {
    const dbPath = join(dir, 'owned.db');
    const handle = await startServer({ dbPath, port: 0 });
    const res = await request(`${handle.url}/openapi.json`);
    expect(res.statusCode).toBe(200);
    await res.body.json();
    const started = Date.now();
    await handle.close();
    expect(Date.now() - started).toBeLessThan(2000);
    // The file is free again: a fresh store opens and writes to it.
    const store = await openStore(dbPath);
    expect((await store.health()).schemaVersion).toBeGreaterThan(0);
    await store.tx((s) => s.organizations.put({ uuid: 'a0000000-0000-4000-8000-000000000001' }, 1));
    await store.close();
  });

  it('leaves a store it was given open', async () => {
    const store = await openStore(join(dir, 'given.db'));
    const handle = await startServer({ store, port: 0 });
    await handle.close();
    // Still open: it answers.
    expect((await store.counts()).organizations).toBe(0);
    await store.close();
  });

  it('logs an unexpected failure and answers with an envelope that tells nothing of it', async () => {
    const { store, engine } = openSqliteForTest(join(dir, 'broken.db'));
    const lines: string[] = [];
    const handle = await startServer({ store, port: 0, log: (l) => lines.push(l) });
    engine.db.exec('DROP TABLE code_types'); // a store failure the code-type listing must survive
    const { createToken, importFixture } = await import('../../../src/server/index.js');
    await importFixture(store, {
      organizations: [{ uuid: 'a0000000-0000-4000-8000-000000000001', orgName: 'R' }],
    });
    const token = await createToken(store, {
      orgUuid: 'a0000000-0000-4000-8000-000000000001',
      role: 'viewer',
    });
    const res = await request(`${handle.url}/codeTypes/0?pageSize=5`, {
      headers: { authorization: `Bearer ${token}`, time_zone: 'UTC' },
    });
    const body = (await res.body.json()) as { statusCode: string; reason: string };
    expect(res.statusCode).toBe(200);
    expect(body.statusCode).toBe('CCP-CS-004');
    expect(body.reason).not.toMatch(/code_types|SQLITE|no such table/i);
    // The log names the engine's code; the client is told nothing of it.
    expect(lines.join('\n')).toMatch(/StoreError SQLITE_ERROR/);
    await handle.close();
    await store.close();
  });
});
