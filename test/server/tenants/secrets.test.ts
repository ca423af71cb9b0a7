// externalReferences[].password is write-only: never returned, and never kept, in clear or hashed; the twin
// keeps only whether one is set (decisions.md, "Secrets").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE, ORG, USER } from '../../fixtures/basic-ids.js';
import { envelope, expectOk, startTestServer, type TestServer } from '../../helpers/server.js';

const SECRET = 'hunter2-SECRET-pw';
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.close();
});

const stored = (uuid: string) =>
  srv.engine.db
    .prepare('SELECT user_name, password FROM external_references WHERE device_uuid = ? ORDER BY user_name')
    .all(uuid) as { user_name: string; password: string | null }[];
/** What the table holds of each reference's password: the mask where one is set, null where none is. */
const asStored = (uuid: string) => stored(uuid).map(({ password }) => password);
const add = (records: unknown[], token = srv.tokens.admin) =>
  srv.call('POST', `/edgedevice/org/${ORG.root}/user/${USER.admin}/add`, { body: envelope(records), token });
const listed = async (uuid: string, token: string) =>
  expectOk(await srv.call('GET', '/edgedevice/all/0?pageSize=1000', { timeZone: 'UTC', token })).find(
    (d) => d.uuid === uuid,
  );

describe('passwords are write-only', () => {
  let uuid: string;
  const refs = [
    { uuid: 'e5000000-0000-4000-8000-000000000001', userName: 'a-with', password: SECRET },
    { uuid: 'e5000000-0000-4000-8000-000000000002', userName: 'b-without' },
  ];

  it('the add answer and the listing, for every role, carry the mask where one is stored and null where not', async () => {
    const res = await add([{ edgeDeviceName: 'vault', serialNumber: 'SN-SECRET', externalReferences: refs }]);
    expect(res.text).not.toContain(SECRET);
    const [saved] = expectOk(res);
    uuid = saved.uuid;
    expect(saved.externalReferences.map((r: { password: unknown }) => r.password)).toEqual([
      '********',
      null,
    ]);
    expect(asStored(uuid)).toEqual(['********', null]);
    expect(JSON.stringify(stored(uuid))).not.toContain(SECRET);
    for (const token of [srv.tokens.admin, srv.tokens.operator, srv.tokens.viewer]) {
      const d = await listed(uuid, token);
      expect(JSON.stringify(d)).not.toContain(SECRET);
      expect(d.externalReferences.map((r: { password: unknown }) => r.password)).toEqual(['********', null]);
    }
  });

  it('a write that sends the mask back keeps it set; a new one keeps it set; null clears it', async () => {
    const back = (await listed(uuid, srv.tokens.admin)).externalReferences;
    const before = stored(uuid);
    const res = await add([
      { uuid, serialNumber: 'SN-SECRET', edgeDeviceName: 'renamed', externalReferences: back },
    ]);
    expect(res.text).not.toContain(SECRET);
    expectOk(res);
    expect(stored(uuid)).toEqual(before);
    const changed = [{ ...back[0], password: 'new-one' }, back[1]];
    expectOk(
      await add([{ uuid, edgeDeviceName: 'vault', serialNumber: 'SN-SECRET', externalReferences: changed }]),
    );
    expect(asStored(uuid)).toEqual(['********', null]);
    expect(JSON.stringify(stored(uuid))).not.toContain('new-one');
    const replaced = stored(uuid);
    // The mask on a reference that had no password stores none, never the mask itself.
    const masked = [back[0], { ...back[1], password: '********' }];
    expectOk(
      await add([{ uuid, edgeDeviceName: 'vault', serialNumber: 'SN-SECRET', externalReferences: masked }]),
    );
    expect(stored(uuid)).toEqual(replaced);
    // null clears it; the mask sent back afterwards keeps none.
    const cleared = [{ ...back[0], password: null }, back[1]];
    expectOk(
      await add([{ uuid, edgeDeviceName: 'vault', serialNumber: 'SN-SECRET', externalReferences: cleared }]),
    );
    expect(asStored(uuid)).toEqual([null, null]);
    expect((await listed(uuid, srv.tokens.admin)).externalReferences[0].password).toBeNull();
    expectOk(
      await add([{ uuid, edgeDeviceName: 'vault', serialNumber: 'SN-SECRET', externalReferences: back }]),
    );
    expect(asStored(uuid)).toEqual([null, null]);
    expectOk(
      await add([{ uuid, edgeDeviceName: 'vault', serialNumber: 'SN-SECRET', externalReferences: changed }]),
    );
    // Without a uuid, the mask names the stored reference of the same type, subtype and user name.
    const unnamed = [
      { userName: 'a-with', password: '********' },
      { userName: 'b-without', password: '********' },
    ];
    expectOk(
      await add([{ uuid, edgeDeviceName: 'vault', serialNumber: 'SN-SECRET', externalReferences: unnamed }]),
    );
    expect(stored(uuid)).toEqual(replaced);
  });

  it('the push answer masks them', async () => {
    const res = await srv.call('POST', '/edgedevice/push', {
      body: envelope([{ uuid, edgeFlows: [{ flowId: 'f-secret', flowJSON: '{}' }] }]),
    });
    expect(res.text).not.toContain('new-one');
    const refs = expectOk(res)[0].externalReferences as { userName: string; password: unknown }[];
    expect(refs.find((r) => r.userName === 'a-with')?.password).toBe('********');
    expect(refs.find((r) => r.userName === 'b-without')?.password).toBeNull();
  });

  it('edge-device reports hold no password, in any file type', async () => {
    for (const fileType of ['json', 'csv', 'pdf']) {
      const [file] = expectOk(
        await srv.call('POST', '/download', {
          body: envelope([{ templateKey: 'edge-devices', fileType }]),
          token: srv.tokens.viewer,
        }),
      );
      const text = Buffer.from(file.fileData, 'base64').toString('latin1');
      expect(text).toContain(fileType === 'pdf' ? '%PDF' : 'SN-SECRET');
      expect(text).not.toContain('new-one');
    }
  });

  it('the fixture device with references keeps them masked too', async () => {
    const d = await listed(DEVICE.sensorHub, srv.tokens.viewer);
    for (const r of d?.externalReferences ?? []) expect([null, '********']).toContain(r.password);
  });
});

describe('passwords at rest', () => {
  it('a write keeps only whether a password is set', async () => {
    const refs = [
      { userName: 'one', password: SECRET },
      { userName: 'two', password: SECRET },
    ];
    const [saved] = expectOk(
      await add([{ edgeDeviceName: 'salts', serialNumber: 'SN-SALTS', externalReferences: refs }]),
    );
    expect(asStored(saved.uuid)).toEqual(['********', '********']);
  });

  it('an import keeps only whether a password is set, as a write does', async () => {
    const { importFixture } = await import('../../../src/server/loading/import.js');
    const [org] = await srv.store.organizations.roots();
    await importFixture(srv.store, {
      edgeDevices: [
        {
          uuid: 'e5000000-0000-4000-8000-0000000000a1',
          orgUUID: org!.uuid,
          serialNumber: 'SN-IMPORTED',
          externalReferences: [
            { userName: 'imp', password: SECRET },
            { userName: 'none', password: null },
          ],
        },
      ],
    });
    expect(asStored('e5000000-0000-4000-8000-0000000000a1')).toEqual(['********', null]);
  });
});
