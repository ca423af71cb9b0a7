import { randomUUID } from 'node:crypto';
import { requireScope } from '../auth.js';
import { ServiceError } from '../errors.js';
import { defineRoute, type RequestContext, type Route } from '../route.js';
import type { Session } from '../store/port.js';

/** 404 for an unknown notification, 403 for one owned outside the caller's scope. */
async function requireOwnNotification(ctx: RequestContext, s: Session, uuid: string): Promise<void> {
  const owner = await s.notifications.owner(uuid);
  if (owner === undefined) throw ServiceError.about('notFound', `notification ${uuid}`);
  await requireScope(s, ctx.grant, owner);
}

export const notificationRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/notification',
    doc: {
      summary: 'Save notifications with their options',
      request: 'Notification',
      response: 'Notification',
    },
    serverStamps: true,
    body: 'notificationSave',
    handle(ctx, body) {
      return ctx.store.tx(async (s) => {
        const now = ctx.clock.now();
        const saved: string[] = [];
        for (const n of body.data) {
          const uuid = randomUUID();
          const options = (n.notificationOptions ?? []).map((o) => ({ ...o, uuid: randomUUID() }));
          // The notification belongs to the organization of the token that saved it.
          await s.notifications.put({ ...n, uuid, notificationOptions: options }, ctx.grant.orgUuid, now);
          saved.push(uuid);
        }
        return { data: await s.notifications.load(saved, ctx.tz) };
      });
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/notification',
    doc: {
      summary: 'Update notifications by uuid, replacing their options',
      request: 'NotificationUpdate',
      response: 'Notification',
    },
    serverStamps: true,
    body: 'notificationUpdate',
    handle(ctx, body) {
      return ctx.store.tx(async (s) => {
        const now = ctx.clock.now();
        const saved: string[] = [];
        for (const n of body.data) {
          await requireOwnNotification(ctx, s, n.uuid);
          // Options sent replace the stored ones; none sent keeps them.
          const options = n.notificationOptions?.map((o) => ({ ...o, uuid: randomUUID() }));
          await s.notifications.put({ ...n, notificationOptions: options }, null, now);
          if (!saved.includes(n.uuid)) saved.push(n.uuid);
        }
        return { data: await s.notifications.load(saved, ctx.tz) };
      });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/notification/configure',
    doc: {
      summary: 'Configure a notification for a role in an organization',
      request: 'NotificationConfigurationInput',
      response: 'NotificationConfiguration',
    },
    serverStamps: true,
    body: 'notificationConfigure',
    handle(ctx, body) {
      return ctx.store.tx(async (s) => {
        const now = ctx.clock.now();
        const data = [];
        for (const c of body.data) {
          const organizationUuid = c.organizationUuid ?? ctx.grant.orgUuid;
          await requireScope(s, ctx.grant, organizationUuid);
          await requireOwnNotification(ctx, s, c.notificationUuid);
          data.push(await s.notifications.configure({ ...c, organizationUuid }, now, ctx.tz));
        }
        return { data };
      });
    },
  }),
];
