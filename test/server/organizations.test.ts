// GET /org/{orgUuid}/org/{pageNo}, PUT /org/update, POST /org/options/org/{orgUuid}/add.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/index.js';
import { ORG, ROOT_CHILDREN, UNKNOWN_UUID, USER } from '../fixtures/basic-ids.js';
import {
  describePagination,
  envelope,
  expectError,
  expectOk,
  FIXED_NOW,
  startTestServer,
  type TestServer,
} from '../helpers/server.js';

const clock = fixedClock(FIXED_NOW);
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ clock });
});
afterAll(async () => {
  await srv?.close();
});

type Opts = { token?: string | null; timeZone?: string };
const listSubs = (org: string, opts: Opts = { timeZone: 'UTC' }) =>
  srv.call('GET', `/org/${org}/org/0?pageSize=100`, opts);
const update = (records: unknown[], token?: string | null) =>
  srv.call('PUT', '/org/update', { body: envelope(records), token });
const addOptions = (org: string, records: unknown[], token?: string | null) =>
  srv.call('POST', `/org/options/org/${org}/add`, { body: envelope(records), token });
const forbidden = 'FORBIDDEN Accessing the resource is forbidden';
const invalidUuid = 'CCP-HTTP-017 Invalid UUID Identifier';

describePagination(() => srv, {
  base: `/org/${ORG.root}/org`,
  expected: () => ROOT_CHILDREN,
  pageSize: 1,
});

describe('GET /org/{orgUuid}/org/{pageNo}', () => {
  it('lists the direct sub-organizations (not the grandchildren)', async () => {
    const res = await listSubs(ORG.root);
    const orgs = expectOk(res);
    expect(orgs.map((o) => o.uuid).sort()).toEqual([...ROOT_CHILDREN].sort());
    expect(res.headers['x-total-count']).toBe('3');
    for (const o of orgs) expect(o.organizationUuid).toBe(ORG.root);
    expect(orgs.find((o) => o.uuid === ORG.sub1)).toMatchObject({ orgName: 'Acme East', isActive: true });
    expect(orgs.find((o) => o.uuid === ORG.sub3)).toMatchObject({ orgName: 'Acme North', isActive: false });

    const second = expectOk(await listSubs(ORG.sub1));
    expect(second.map((o) => o.uuid)).toEqual([ORG.sub1a]);
    expect(expectOk(await listSubs(ORG.sub1a))).toEqual([]);
  });

  it("renders timestamps in the request's time_zone", async () => {
    const [utc] = expectOk(await listSubs(ORG.sub1, { timeZone: 'UTC' }));
    const [ist] = expectOk(await listSubs(ORG.sub1, { timeZone: 'Asia/Kolkata' }));
    expect(utc.createdOn).toBe('2026-11-21T04:00:00*000+0000');
    expect(ist.createdOn).toBe('2026-11-21T09:30:00*000+0530');
    expect(ist.updatedOn).toBe('2026-11-21T09:30:00*000+0530');
  });

  it('GET metadata names the caller', async () => {
    const res = await listSubs(ORG.root, { timeZone: 'UTC', token: srv.tokens.viewer });
    expectOk(res);
    expect(res.body.metadata).toMatchObject({ orgUuid: ORG.root, userUuid: USER.viewer });
  });

  it('scope: a sub-organization admin lists its own subtree, not the parent; other roots 403', async () => {
    expectOk(await listSubs(ORG.sub1, { timeZone: 'UTC', token: srv.tokens.subAdmin }));
    expectError(
      await listSubs(ORG.root, { timeZone: 'UTC', token: srv.tokens.subAdmin }),
      403,
      'FORBIDDEN',
      forbidden,
    );
    expectError(
      await listSubs(ORG.root, { timeZone: 'UTC', token: srv.tokens.otherAdmin }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await listSubs(ORG.sub1, { timeZone: 'UTC', token: srv.tokens.otherAdmin }),
      403,
      'FORBIDDEN',
    );
    expect(expectOk(await listSubs(ORG.other, { timeZone: 'UTC', token: srv.tokens.otherAdmin }))).toEqual(
      [],
    );
  });

  it('viewer and operator may list', async () => {
    expect(expectOk(await listSubs(ORG.root, { timeZone: 'UTC', token: srv.tokens.viewer }))).toHaveLength(3);
    expect(expectOk(await listSubs(ORG.root, { timeZone: 'UTC', token: srv.tokens.operator }))).toHaveLength(
      3,
    );
  });

  it.each([
    ['malformed', 'not-a-uuid', 'orgUuid not-a-uuid is not a UUID'],
    ['unknown', UNKNOWN_UUID, `organization ${UNKNOWN_UUID} does not exist`],
  ])('a %s orgUuid: 200 CCP-HTTP-017 naming it', async (_name, org, what) => {
    expectError(await listSubs(org), 200, 'CCP-HTTP-017', `${invalidUuid}: ${what}`);
  });

  it('time_zone missing or unknown: 406; no token: 401', async () => {
    expectError(await listSubs(ORG.root, {}), 406, 'CCP-BV-001', /time_zone/);
    expectError(await listSubs(ORG.root, { timeZone: 'Moon/Base' }), 406, 'CCP-BV-001', /time_zone/);
    expectError(await listSubs(ORG.root, { token: null, timeZone: 'UTC' }), 401, 'UNAUTHORIZED');
  });
});

describe('PUT /org/update', () => {
  it('updates the fields sent, orgAddress included; the others are kept', async () => {
    clock.set(FIXED_NOW + 60_000);
    const res = await update([
      {
        uuid: ORG.sub2,
        orgName: 'Acme West Coast',
        orgAddress: {
          streetAddress: '2 Sea Road',
          city: 'Mumbai',
          state: 'Maharashtra',
          country: 'India',
          pin: '400001',
        },
      },
    ]);
    const [org] = expectOk(res);
    expect(org).toMatchObject({
      uuid: ORG.sub2,
      orgName: 'Acme West Coast',
      organizationUuid: ORG.root,
      isActive: true,
      orgAddress: { streetAddress: '2 Sea Road', city: 'Mumbai', country: 'India', pin: '400001' },
    });
    expect(org.createdOn).toBe('2026-11-21T04:00:00*000+0000');
    expect(org.updatedOn).toBe('2026-11-21T04:01:00*000+0000');

    const listed = expectOk(await listSubs(ORG.root)).find((o) => o.uuid === ORG.sub2);
    expect(listed).toMatchObject({
      orgName: 'Acme West Coast',
      orgAddress: { city: 'Mumbai', pin: '400001' },
    });
    clock.set(FIXED_NOW);
  });

  it("a root organization's address changes; fields not sent stay", async () => {
    const [org] = expectOk(await update([{ uuid: ORG.root, orgAddress: { city: 'Nagpur' } }]));
    expect(org).toMatchObject({ uuid: ORG.root, orgName: 'Acme Corp', orgAdmin: 'admin@acme.example' });
    expect(org.orgAddress.city).toBe('Nagpur');
    expect(org.organizationUuid ?? null).toBeNull();
  });

  it('several organizations in one request, answered in full', async () => {
    const data = expectOk(
      await update([
        { uuid: ORG.sub1, orgName: 'Acme East 2' },
        { uuid: ORG.sub1a, isActive: false },
      ]),
    );
    expect(data.map((o) => o.uuid).sort()).toEqual([ORG.sub1, ORG.sub1a].sort());
    expect(data.find((o) => o.uuid === ORG.sub1a)).toMatchObject({
      orgName: 'Acme East Lab',
      isActive: false,
    });
  });

  it('echoes the request metadata', async () => {
    const metadata = {
      fileCodeUuid: 'f0000000-0000-4000-8000-000000000011',
      orgUuid: ORG.root,
      userUuid: USER.admin,
    };
    const res = await srv.call('PUT', '/org/update', {
      body: { data: [{ uuid: ORG.sub3, orgName: 'North' }], metadata },
    });
    expectOk(res);
    expect(res.body.metadata).toEqual(metadata);
  });

  it.each([
    ['an unknown uuid', UNKNOWN_UUID, `organization ${UNKNOWN_UUID} does not exist`],
    ['a malformed uuid', 'acme-west', 'data[1].uuid acme-west is not a UUID'],
    ['no uuid', undefined, 'data[1].uuid is missing'],
    ['a null uuid', null, 'data[1].uuid is missing'],
    ['an empty uuid', '', 'data[1].uuid is missing'],
  ])('%s: 200 CCP-HTTP-017 naming it, nothing changed', async (_name, uuid, what) => {
    const res = await update([
      { uuid: ORG.sub3, orgName: 'Should not stick' },
      { uuid, orgName: 'Nobody' },
    ]);
    expectError(res, 200, 'CCP-HTTP-017', `${invalidUuid}: ${what}`);
    const north = expectOk(await listSubs(ORG.root)).find((o) => o.uuid === ORG.sub3);
    expect(north.orgName).not.toBe('Should not stick');
  });

  it('roles and scope: operator and viewer 403; other organizations 403; a sub admin updates its subtree', async () => {
    const rec = [{ uuid: ORG.sub2, orgName: 'Hijacked' }];
    expectError(await update(rec, srv.tokens.operator), 403, 'FORBIDDEN', forbidden);
    expectError(await update(rec, srv.tokens.viewer), 403, 'FORBIDDEN', forbidden);
    expectError(await update(rec, srv.tokens.otherAdmin), 403, 'FORBIDDEN');
    expectError(await update(rec, srv.tokens.subAdmin), 403, 'FORBIDDEN');
    expectError(
      await update([{ uuid: ORG.root, orgName: 'Mine now' }], srv.tokens.subAdmin),
      403,
      'FORBIDDEN',
    );
    expect(expectOk(await listSubs(ORG.root)).find((o) => o.uuid === ORG.sub2).orgName).not.toBe('Hijacked');
    const [lab] = expectOk(await update([{ uuid: ORG.sub1a, orgName: 'East Lab' }], srv.tokens.subAdmin));
    expect(lab.orgName).toBe('East Lab');
    expectError(await update(rec, null), 401, 'UNAUTHORIZED');
  });

  it('a record failing its schema: 406 naming the field', async () => {
    expectError(
      await update([{ uuid: ORG.sub2, isActive: 'yes' }]),
      406,
      'CCP-BV-001',
      /data\[0\]\.isActive/,
    );
  });
});

describe('POST /org/options/org/{orgUuid}/add', () => {
  it('creates options in the organization, keyed by key', async () => {
    const res = await addOptions(ORG.sub1, [
      { key: 'theme', value: 'dark', isActive: true, organizationUuid: ORG.other },
      { key: 'locale', value: 'en-IN' },
    ]);
    const saved = expectOk(res);
    expect(saved).toHaveLength(2);
    for (const o of saved) {
      expect(o.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
      expect(o.organizationUuid).toBe(ORG.sub1);
      expect(o.createdOn).toBe('2026-11-21T04:00:00*000+0000');
    }
    expect(saved.find((o) => o.key === 'theme')).toMatchObject({ value: 'dark' });
  });

  it('upserts by key: the same key again updates the same option', async () => {
    const [first] = expectOk(await addOptions(ORG.sub2, [{ key: 'alerts', value: 'on' }]));
    clock.set(FIXED_NOW + 120_000);
    const [second] = expectOk(await addOptions(ORG.sub2, [{ key: 'alerts', value: 'off' }]));
    clock.set(FIXED_NOW);
    expect(second).toMatchObject({
      uuid: first.uuid,
      key: 'alerts',
      value: 'off',
      organizationUuid: ORG.sub2,
    });
    expect(second.createdOn).toBe(first.createdOn);
    expect(second.updatedOn).toBe('2026-11-21T04:02:00*000+0000');
    // The same key in another organization is another option.
    const [elsewhere] = expectOk(await addOptions(ORG.sub3, [{ key: 'alerts', value: 'on' }]));
    expect(elsewhere.uuid).not.toBe(first.uuid);
  });

  it("renders timestamps in the request's time_zone", async () => {
    const res = await srv.call('POST', `/org/options/org/${ORG.root}/add`, {
      body: envelope([{ key: 'tz', value: 'ist' }]),
      timeZone: 'Asia/Kolkata',
    });
    expect(expectOk(res)[0].createdOn).toBe('2026-11-21T09:30:00*000+0530');
  });

  it.each([
    ['malformed', 'nope', 'orgUuid nope is not a UUID'],
    ['unknown', UNKNOWN_UUID, `organization ${UNKNOWN_UUID} does not exist`],
  ])('a %s orgUuid: 200 CCP-HTTP-017 naming it', async (_name, org, what) => {
    const res = await addOptions(org, [{ key: 'k', value: 'v' }]);
    expectError(res, 200, 'CCP-HTTP-017', `${invalidUuid}: ${what}`);
  });

  it('roles and scope: operator and viewer 403, other organizations 403', async () => {
    const rec = [{ key: 'intrusion', value: 'x' }];
    expectError(await addOptions(ORG.root, rec, srv.tokens.operator), 403, 'FORBIDDEN', forbidden);
    expectError(await addOptions(ORG.root, rec, srv.tokens.viewer), 403, 'FORBIDDEN', forbidden);
    expectError(await addOptions(ORG.root, rec, srv.tokens.otherAdmin), 403, 'FORBIDDEN');
    expectError(await addOptions(ORG.root, rec, srv.tokens.subAdmin), 403, 'FORBIDDEN');
    expectError(await addOptions(ORG.root, rec, null), 401, 'UNAUTHORIZED');
    expectOk(await addOptions(ORG.sub1a, rec, srv.tokens.subAdmin));
  });

  it('an option without a key: 406 naming the field', async () => {
    expectError(
      await addOptions(ORG.root, [{ key: 'ok', value: '1' }, { value: 'no key' }]),
      406,
      'CCP-BV-001',
      /data\[1\]\.key/,
    );
  });
});
