// Import refuses any organization cycle, in the file or closed through stored rows; and a cycle written into
// the file by other means never hangs a request (every walk of the tree is bounded).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importFixture } from '../../../src/server/index.js';
import { openSqliteEngine as openStore } from '../../../src/server/store/db.js';
import { MAX_TREE_DEPTH } from '../../../src/server/store/scope.js';
import { ORG as BASIC_ORG, LICENSE } from '../../fixtures/basic-ids.js';
import { isolatedEnv, runCli, tempDir } from '../../helpers/cli.js';
import { expectError, expectOk, startTestServer, type TestServer } from '../../helpers/server.js';
import { ORG, TREE, tempStore } from '../store/temp-store.js';

const orgCount = (t: ReturnType<typeof tempStore>) =>
  t.engine.db.prepare('SELECT count(*) FROM organizations').pluck().get();

describe('import refuses organization cycles', () => {
  let t: ReturnType<typeof tempStore>;
  afterEach(() => t.cleanup());

  it('a cycle within the file: refused, nothing stored', async () => {
    t = tempStore();
    const a = 'c0000000-0000-4000-8000-00000000000a';
    const b = 'c0000000-0000-4000-8000-00000000000b';
    const fixture = {
      organizations: [{ uuid: ORG.root }, { uuid: a, organizationUuid: b }, { uuid: b, organizationUuid: a }],
    };
    await expect(importFixture(t.store, fixture)).rejects.toThrow(/cycle/);
    expect(orgCount(t)).toBe(0);
  });

  it('a cycle closed through organizations already stored: refused, the stored tree unchanged', async () => {
    t = tempStore();
    await importFixture(t.store, TREE);
    // The root made the child of its own grandchild.
    const fixture = {
      organizations: [{ uuid: ORG.root, orgName: 'Root', organizationUuid: ORG.grandchild }],
    };
    await expect(importFixture(t.store, fixture)).rejects.toThrow(
      /organizations\[0\]\.organizationUuid: cycle/,
    );
    expect(t.engine.organizations.get(ORG.root)?.parent_uuid).toBeNull();
    expect(t.engine.organizations.scope(ORG.root).sort()).toEqual(
      [ORG.child, ORG.grandchild, ORG.root].sort(),
    );
  });

  it(`a tree deeper than ${MAX_TREE_DEPTH} levels: refused`, async () => {
    t = tempStore();
    const uuid = (i: number) => `d0000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const organizations = Array.from({ length: MAX_TREE_DEPTH + 2 }, (_, i) =>
      i === 0 ? { uuid: uuid(0) } : { uuid: uuid(i), organizationUuid: uuid(i - 1) },
    );
    await expect(importFixture(t.store, { organizations })).rejects.toThrow(/deeper than/);
    expect(orgCount(t)).toBe(0);
  });

  it('ccp server import of a cycle through stored rows: exit 2, nothing stored', async () => {
    const tmp = await tempDir();
    try {
      const env = isolatedEnv(tmp.dir);
      const db = join(tmp.dir, 'c.db');
      const tree = join(tmp.dir, 'tree.json');
      const loop = join(tmp.dir, 'loop.json');
      writeFileSync(tree, JSON.stringify(TREE));
      writeFileSync(
        loop,
        JSON.stringify({
          organizations: [{ uuid: ORG.root, organizationUuid: ORG.grandchild }],
          edgeDevices: [{ orgUUID: ORG.root, serialNumber: 'SN-LOOP' }],
        }),
      );
      expect((await runCli(['server', 'import', tree, '--db', db], { env })).code).toBe(0);
      const r = await runCli(['server', 'import', loop, '--db', db], { env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/cycle/);
      const store = openStore(db);
      try {
        expect(store.organizations.get(ORG.root)?.parent_uuid).toBeNull();
        expect(store.db.prepare('SELECT count(*) FROM edge_devices').pluck().get()).toBe(0);
      } finally {
        store.close();
      }
    } finally {
      await tmp.remove();
    }
  });
});

describe('a cycle in the database never hangs a request', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
    // Written behind the interface's back: the root becomes a child of one of its own sub-organizations.
    srv.engine.db
      .prepare('UPDATE organizations SET parent_uuid = ? WHERE uuid = ?')
      .run(BASIC_ORG.sub1, BASIC_ORG.root);
  });
  afterAll(async () => {
    await srv?.close();
  });

  it('scope checks up the tree and listings down it answer at once', async () => {
    const started = Date.now();
    // Walks up from the root's license: the other organization is never reached, however long the loop.
    expectError(
      await srv.call('PUT', `/license/${LICENSE.active}/activate`, { token: srv.tokens.otherAdmin }),
      403,
      'FORBIDDEN',
    );
    expectOk(await srv.call('GET', '/edgedevice/all/0?pageSize=10', { timeZone: 'UTC' }));
    expectOk(
      await srv.call('POST', '/download', {
        body: { data: [{ templateKey: 'licenses', fileType: 'json' }] },
        token: srv.tokens.subAdmin,
      }),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
