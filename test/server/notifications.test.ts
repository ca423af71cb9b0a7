// POST /notification, PUT /notification, POST /notification/configure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/index.js';
import { NOTIFICATION, ORG, UNKNOWN_UUID, USER } from '../fixtures/basic-ids.js';
import {
  envelope,
  expectError,
  expectOk,
  FIXED_NOW,
  startTestServer,
  type TestServer,
} from '../helpers/server.js';

// 20:00 UTC: already the next day in Asia/Kolkata.
const EVENING = FIXED_NOW + 16 * 3600_000;
const clock = fixedClock(FIXED_NOW);
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ clock });
});
afterAll(async () => {
  await srv?.close();
});

type Opts = { token?: string | null; timeZone?: string };
const save = (records: unknown[], opts: Opts = {}) =>
  srv.call('POST', '/notification', { body: envelope(records), ...opts });
const change = (records: unknown[], opts: Opts = {}) =>
  srv.call('PUT', '/notification', { body: envelope(records), ...opts });
const configure = (records: unknown[], opts: Opts = {}) =>
  srv.call('POST', '/notification/configure', { body: envelope(records), ...opts });
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ROLE = '70000000-0000-4000-8000-000000000001';
const forbidden = 'FORBIDDEN Accessing the resource is forbidden';
const notFound = 'NOT_FOUND The resource you were trying to reach is not found';

describe('POST /notification', () => {
  it('saves notifications with their options; the server assigns uuids and dates', async () => {
    const res = await save([
      {
        type: 'WEBHOOK',
        createdBy: 'ops@acme.example',
        isActive: true,
        createdOn: '1999-01-01',
        notificationOptions: [
          { attributeName: 'url', attributeValue: 'https://hooks.acme.example/x', isActive: true },
          { attributeName: 'method', attributeValue: 'POST' },
        ],
      },
      { type: 'PUSH', notificationOptions: [] },
    ]);
    const saved = expectOk(res);
    expect(saved).toHaveLength(2);
    // The order of the answer is not fixed: find each by type.
    const hook = saved.find((n) => n.type === 'WEBHOOK');
    const push = saved.find((n) => n.type === 'PUSH');
    expect(hook).toMatchObject({ createdBy: 'ops@acme.example', isActive: true });
    expect(push.type).toBe('PUSH');
    for (const n of saved) {
      expect(n.uuid).toMatch(UUID_RE);
      expect(Object.values(NOTIFICATION)).not.toContain(n.uuid);
      expect(n.createdOn).toBe('2026-11-21');
      expect(n.updatedOn).toBe('2026-11-21');
    }
    expect(hook.uuid).not.toBe(push.uuid);
    expect(hook.notificationOptions).toHaveLength(2);
    const url = hook.notificationOptions.find((o: { attributeName: string }) => o.attributeName === 'url');
    expect(url).toMatchObject({ attributeValue: 'https://hooks.acme.example/x' });
    expect(url.uuid).toMatch(UUID_RE);
    expect(url.createdOn).toBe('2026-11-21T04:00:00*000+0000');
  });

  it("the notification's own dates are YYYY-MM-DD, its options' timestamps in the request's zone", async () => {
    clock.set(EVENING);
    const [utc] = expectOk(
      await save([{ type: 'EMAIL', notificationOptions: [{ attributeName: 'a', attributeValue: '1' }] }]),
    );
    const [ist] = expectOk(
      await save([{ type: 'EMAIL', notificationOptions: [{ attributeName: 'a', attributeValue: '1' }] }], {
        timeZone: 'Asia/Kolkata',
      }),
    );
    clock.set(FIXED_NOW);
    expect(utc.createdOn).toBe('2026-11-21');
    expect(utc.notificationOptions[0].createdOn).toBe('2026-11-21T20:00:00*000+0000');
    expect(ist.createdOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ist.notificationOptions[0].createdOn).toBe('2026-11-22T01:30:00*000+0530');
  });

  it('echoes the request metadata', async () => {
    const metadata = {
      fileCodeUuid: 'f0000000-0000-4000-8000-000000000031',
      orgUuid: ORG.root,
      userUuid: USER.operator,
    };
    const res = await srv.call('POST', '/notification', { body: { data: [{ type: 'SMS' }], metadata } });
    expectOk(res);
    expect(res.body.metadata).toEqual(metadata);
  });

  it('operator and admins of any organization may save; viewer 403; no token 401', async () => {
    expectOk(await save([{ type: 'SMS' }], { token: srv.tokens.operator }));
    expectOk(await save([{ type: 'SMS' }], { token: srv.tokens.otherAdmin }));
    expectError(await save([{ type: 'SMS' }], { token: srv.tokens.viewer }), 403, 'FORBIDDEN', forbidden);
    expectError(await save([{ type: 'SMS' }], { token: null }), 401, 'UNAUTHORIZED');
  });

  it('a record failing its schema: 406 naming the field', async () => {
    const res = await save([
      { type: 'SMS', notificationOptions: [{ attributeName: 'x', isActive: 'maybe' }] },
    ]);
    expectError(res, 406, 'CCP-BV-001', /data\[0\]\.notificationOptions\[0\]\.isActive/);
  });
});

describe('PUT /notification', () => {
  it('updates by uuid and replaces the options', async () => {
    const res = await change([
      {
        uuid: NOTIFICATION.email,
        type: 'EMAIL',
        updatedBy: 'ops@acme.example',
        notificationOptions: [
          { attributeName: 'smtpHost', attributeValue: 'smtp2.acme.example' },
          { attributeName: 'tls', attributeValue: 'required' },
          { attributeName: 'from', attributeValue: 'noreply@acme.example' },
        ],
      },
    ]);
    const [n] = expectOk(res);
    expect(n).toMatchObject({ uuid: NOTIFICATION.email, type: 'EMAIL', updatedBy: 'ops@acme.example' });
    expect(n.updatedOn).toBe('2026-11-21');
    const opts = Object.fromEntries(
      n.notificationOptions.map((o: { attributeName: string; attributeValue: string }) => [
        o.attributeName,
        o.attributeValue,
      ]),
    );
    expect(opts).toEqual({ smtpHost: 'smtp2.acme.example', tls: 'required', from: 'noreply@acme.example' });
  });

  it('a second update replaces the options again (none kept from before)', async () => {
    const [n] = expectOk(
      await change([
        {
          uuid: NOTIFICATION.email,
          type: 'EMAIL',
          notificationOptions: [{ attributeName: 'only', attributeValue: '1' }],
        },
      ]),
    );
    expect(n.notificationOptions.map((o: { attributeName: string }) => o.attributeName)).toEqual(['only']);
  });

  it('updates a notification saved through the interface', async () => {
    const [created] = expectOk(
      await save([{ type: 'PAGER', notificationOptions: [{ attributeName: 'a', attributeValue: '1' }] }]),
    );
    const [updated] = expectOk(
      await change([
        {
          uuid: created.uuid,
          type: 'PAGER2',
          notificationOptions: [{ attributeName: 'b', attributeValue: '2' }],
        },
      ]),
    );
    expect(updated.uuid).toBe(created.uuid);
    expect(updated.type).toBe('PAGER2');
    expect(updated.notificationOptions.map((o: { attributeName: string }) => o.attributeName)).toEqual(['b']);
  });

  it('an unknown uuid: 404, and the batch saves nothing', async () => {
    const res = await change([
      { uuid: NOTIFICATION.sms, type: 'SMS-CHANGED', notificationOptions: [] },
      { uuid: UNKNOWN_UUID, type: 'GHOST' },
    ]);
    expectError(res, 404, 'NOT_FOUND', `${notFound}: notification ${UNKNOWN_UUID}`);
    // Read back through the notifications report, whatever its record shape.
    const report = expectOk(
      await srv.call('POST', '/download', {
        body: envelope([{ templateKey: 'notifications', fileType: 'json' }]),
      }),
    );
    const text = Buffer.from(report[0].fileData, 'base64').toString('utf8');
    expect(text).toContain(NOTIFICATION.sms);
    expect(text).not.toContain('SMS-CHANGED');
    expect(text).not.toContain('GHOST');
  });

  it('operator may update; viewer 403; no token 401', async () => {
    const rec = [
      {
        uuid: NOTIFICATION.sms,
        type: 'SMS',
        notificationOptions: [{ attributeName: 'sender', attributeValue: 'ACME' }],
      },
    ];
    expectOk(await change(rec, { token: srv.tokens.operator }));
    expectError(await change(rec, { token: srv.tokens.viewer }), 403, 'FORBIDDEN', forbidden);
    expectError(await change(rec, { token: null }), 401, 'UNAUTHORIZED');
  });
});

describe('POST /notification/configure', () => {
  it('creates the configuration, then updates the same (notification, role, organization)', async () => {
    const [created] = expectOk(
      await configure([
        {
          notificationUuid: NOTIFICATION.sms,
          roleUuid: ROLE,
          isLinked: true,
          applyToSubOrganizaitons: false,
        },
      ]),
    );
    expect(created.uuid).toMatch(UUID_RE);
    expect(created).toMatchObject({
      notificationUuid: NOTIFICATION.sms,
      roleUuid: ROLE,
      organizationUuid: ORG.root,
      isLinked: true,
      applyToSubOrganizaitons: false,
    });
    expect(created.createdOn).toBe('2026-11-21T04:00:00*000+0000');

    clock.set(FIXED_NOW + 5 * 60_000);
    const [updated] = expectOk(
      await configure(
        [
          {
            notificationUuid: NOTIFICATION.sms,
            roleUuid: ROLE,
            organizationUuid: ORG.root,
            isLinked: false,
            applyToSubOrganizaitons: true,
          },
        ],
        { timeZone: 'Asia/Kolkata' },
      ),
    );
    clock.set(FIXED_NOW);
    expect(updated).toMatchObject({ uuid: created.uuid, isLinked: false, applyToSubOrganizaitons: true });
    expect(updated.createdOn).toBe('2026-11-21T09:30:00*000+0530');
    expect(updated.updatedOn).toBe('2026-11-21T09:35:00*000+0530');
  });

  it('another role or organization is another configuration', async () => {
    const [a] = expectOk(await configure([{ notificationUuid: NOTIFICATION.email, roleUuid: ROLE }]));
    const [b] = expectOk(
      await configure([{ notificationUuid: NOTIFICATION.email, roleUuid: ROLE, organizationUuid: ORG.sub1 }]),
    );
    const otherRole = '70000000-0000-4000-8000-000000000002';
    const [c] = expectOk(await configure([{ notificationUuid: NOTIFICATION.email, roleUuid: otherRole }]));
    expect(new Set([a.uuid, b.uuid, c.uuid]).size).toBe(3);
    expect(b.organizationUuid).toBe(ORG.sub1);
  });

  it("the organization defaults to the token's: a sub-organization admin configures its own", async () => {
    const sub = { token: srv.tokens.subAdmin };
    const [own] = expectOk(await save([{ type: 'SUB-EMAIL' }], sub));
    const [cfg] = expectOk(await configure([{ notificationUuid: own.uuid, roleUuid: ROLE }], sub));
    expect(cfg.organizationUuid).toBe(ORG.sub1);
  });

  it('an organization outside the scope: 403', async () => {
    const rec = [{ notificationUuid: NOTIFICATION.email, roleUuid: ROLE, organizationUuid: ORG.other }];
    expectError(await configure(rec), 403, 'FORBIDDEN', forbidden);
    const parent = [{ notificationUuid: NOTIFICATION.email, roleUuid: ROLE, organizationUuid: ORG.root }];
    expectError(await configure(parent, { token: srv.tokens.subAdmin }), 403, 'FORBIDDEN');
  });

  it('an unknown notification: 404 naming it', async () => {
    expectError(
      await configure([{ notificationUuid: UNKNOWN_UUID, roleUuid: ROLE }]),
      404,
      'NOT_FOUND',
      `${notFound}: notification ${UNKNOWN_UUID}`,
    );
  });

  it('a configuration without roleUuid: 406 naming the field', async () => {
    expectError(
      await configure([{ notificationUuid: NOTIFICATION.email }]),
      406,
      'CCP-BV-001',
      /data\[0\]\.roleUuid/,
    );
  });

  it('operator may configure; viewer 403; no token 401', async () => {
    const rec = [{ notificationUuid: NOTIFICATION.sms, roleUuid: ROLE }];
    expectOk(await configure(rec, { token: srv.tokens.operator }));
    expectError(await configure(rec, { token: srv.tokens.viewer }), 403, 'FORBIDDEN', forbidden);
    expectError(await configure(rec, { token: null }), 401, 'UNAUTHORIZED');
  });
});

describe('notification writes keep what is not sent', () => {
  it('saves return in request order, and an update without type or options keeps both', async () => {
    const types = ['EMAIL', 'SMS', 'PUSH', 'WEBHOOK', 'SLACK', 'TEAMS'];
    const saved = expectOk(
      await save(types.map((type) => ({ type, notificationOptions: [{ attributeName: type }] }))),
    );
    expect(saved.map((n) => n.type)).toEqual(types);

    const first = saved[0];
    const updated = expectOk(await change([{ uuid: first.uuid, isActive: false }]));
    expect(updated[0]).toMatchObject({ uuid: first.uuid, type: 'EMAIL', isActive: false });
    expect(updated[0].notificationOptions.map((o: { attributeName: string }) => o.attributeName)).toEqual([
      'EMAIL',
    ]);
  });
});

describe('notifications belong to the organization that saved them', () => {
  const report = async (token: string) => {
    const [file] = expectOk(
      await srv.call('POST', '/download', {
        body: envelope([{ templateKey: 'notifications', fileType: 'json' }]),
        token,
      }),
    );
    return JSON.stringify(JSON.parse(Buffer.from(file.fileData, 'base64').toString('utf8')));
  };

  it("another organization's operator cannot rewrite or configure them: 403, nothing changed", async () => {
    const other = { token: srv.tokens.otherAdmin };
    const [theirs] = expectOk(
      await save(
        [{ type: 'OTHER-MAIL', notificationOptions: [{ attributeName: 'to', attributeValue: 'a@b' }] }],
        other,
      ),
    );
    const hijack = [
      { uuid: theirs.uuid, notificationOptions: [{ attributeName: 'to', attributeValue: 'me@x' }] },
    ];
    for (const token of [srv.tokens.admin, srv.tokens.operator, srv.tokens.subAdmin])
      expectError(await change(hijack, { token }), 403, 'FORBIDDEN', forbidden);
    expectError(await configure([{ notificationUuid: theirs.uuid, roleUuid: ROLE }]), 403, 'FORBIDDEN');
    // The root admin's own notification cannot be configured by the other organization either.
    expectError(
      await configure(
        [{ notificationUuid: NOTIFICATION.email, roleUuid: ROLE, organizationUuid: ORG.other }],
        other,
      ),
      403,
      'FORBIDDEN',
    );
    expect(await report(srv.tokens.otherAdmin)).toContain('a@b');
    expect(await report(srv.tokens.otherAdmin)).not.toContain('me@x');
  });

  it('scope reaches down, not up: the root admin updates a sub-organization’s, not the reverse', async () => {
    const [subs] = expectOk(await save([{ type: 'SUB-PAGER' }], { token: srv.tokens.subAdmin }));
    expectOk(await change([{ uuid: subs.uuid, type: 'SUB-PAGER-2' }]));
    expectError(
      await change([{ uuid: NOTIFICATION.sms, type: 'X' }], { token: srv.tokens.subAdmin }),
      403,
      'FORBIDDEN',
    );
  });

  it('the notifications report holds only what the scope may read', async () => {
    expectOk(await save([{ type: 'ONLY-OTHER' }], { token: srv.tokens.otherAdmin }));
    expectOk(await save([{ type: 'ONLY-SUB' }], { token: srv.tokens.subAdmin }));
    const root = await report(srv.tokens.admin);
    expect(root).toContain('ONLY-SUB');
    expect(root).toContain(NOTIFICATION.email);
    expect(root).not.toContain('ONLY-OTHER');
    const sub = await report(srv.tokens.subAdmin);
    expect(sub).toContain('ONLY-SUB');
    expect(sub).not.toContain(NOTIFICATION.email);
    expect(await report(srv.tokens.otherAdmin)).not.toContain('ONLY-SUB');
  });
});
