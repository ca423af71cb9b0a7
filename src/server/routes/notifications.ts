import { randomUUID } from 'node:crypto';
import { requireScope } from '../auth.js';
import { ServiceError } from '../errors.js';
import { defineRoute, type RequestContext, type Route } from '../route.js';

/** 404 for an unknown notification, 403 for one owned outside the caller's scope. */
function requireOwnNotification(ctx: RequestContext, uuid: string): void {
  const owner = ctx.store.notifications.owner(uuid);
  if (owner === undefined) throw ServiceError.about('notFound', `notification ${uuid}`);
  requireScope(ctx.store, ctx.grant, owner);
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
      const { store } = ctx;
      return store.tx(() => {
        const now = ctx.clock.now();
        const saved = body.data.map((n) => {
          const uuid = randomUUID();
          const options = (n.notificationOptions ?? []).map((o) => ({ ...o, uuid: randomUUID() }));
          // The notification belongs to the organization of the token that saved it.
          store.notifications.put({ ...n, uuid, notificationOptions: options }, ctx.grant.orgUuid, now);
          return uuid;
        });
        return { data: store.notifications.load(saved, ctx.tz) };
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
      const { store } = ctx;
      return store.tx(() => {
        const now = ctx.clock.now();
        const saved: string[] = [];
        for (const n of body.data) {
          requireOwnNotification(ctx, n.uuid);
          // Options sent replace the stored ones; none sent keeps them.
          const options = n.notificationOptions?.map((o) => ({ ...o, uuid: randomUUID() }));
          store.notifications.put({ ...n, notificationOptions: options }, null, now);
          if (!saved.includes(n.uuid)) saved.push(n.uuid);
        }
        return { data: store.notifications.load(saved, ctx.tz) };
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
      const { store } = ctx;
      return store.tx(() => {
        const now = ctx.clock.now();
        const data = body.data.map((c) => {
          const organizationUuid = c.organizationUuid ?? ctx.grant.orgUuid;
          requireScope(store, ctx.grant, organizationUuid);
          requireOwnNotification(ctx, c.notificationUuid);
          return store.notifications.configure({ ...c, organizationUuid }, now, ctx.tz);
        });
        return { data };
      });
    },
  }),
];
