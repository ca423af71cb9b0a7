import { randomUUID } from 'node:crypto';
import { isUuid } from '../../domain/uuid.js';
import { requireScope } from '../auth.js';
import { ServiceError } from '../errors.js';
import { parsePage, totalHeader } from '../paging.js';
import { defineRoute, type Route } from '../route.js';

export const edgeDeviceRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/edgedevice/all/:pageNo',
    doc: { summary: "List the edge devices in the caller's scope, paged", response: 'EdgeDevice' },
    timeZoneRequired: true,
    handle(ctx) {
      const page = parsePage(ctx);
      const devices = ctx.store.edgeDevices;
      return ctx.store.read(() =>
        devices.checked(() => ({
          data: page.reachable ? devices.page(ctx.grant.orgUuid, page.pageSize, page.offset, ctx.tz) : [],
          headers: totalHeader(devices.countInScope(ctx.grant.orgUuid)),
        })),
      );
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/edgedevice/org/:orgUuid/user/:userUuid/add',
    doc: {
      summary: 'Add or update edge devices of an organization',
      request: 'EdgeDeviceInput',
      response: 'EdgeDevice',
    },
    failure: 'edgeDeviceSave',
    serverStamps: true,
    body: 'edgeDeviceAdd',
    async handle(ctx, body) {
      const { orgUuid, userUuid } = ctx.params as { orgUuid: string; userUuid: string };
      const { store } = ctx;
      for (const [name, value] of [
        ['orgUuid', orgUuid],
        ['userUuid', userUuid],
      ] as const) {
        if (!isUuid(value)) throw ServiceError.about('invalidUuid', `${name} ${value} is not a UUID`);
      }
      return store.tx(() => {
        if (!store.organizations.exists(orgUuid))
          throw ServiceError.about('invalidUuid', `organization ${orgUuid} does not exist`);
        requireScope(store, ctx.grant, orgUuid);
        const batch = store.edgeDevices.batch(ctx.clock.now());
        body.data.forEach((record, i) => {
          const existing = record.uuid ? store.edgeDevices.get(record.uuid) : undefined;
          if (existing) requireScope(store, ctx.grant, existing.org_uuid);
          const uuid = existing?.uuid ?? record.uuid ?? randomUUID();
          if (!batch.save(record, { uuid, orgUUID: orgUuid, userUUID: userUuid }, existing !== undefined)) {
            throw ServiceError.about(
              'edgeDeviceSave',
              `data[${i}].serialNumber ${record.serialNumber} is already used in organization ${orgUuid}`,
            );
          }
        });
        batch.end();
        return { data: batch.records(ctx.tz) };
      });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/edgedevice/push',
    doc: {
      summary: 'Push flow definitions to edge devices (upserted by flowId)',
      request: 'EdgeDevicePushInput',
      response: 'EdgeDevice',
    },
    serverStamps: true,
    body: 'edgeDevicePush',
    handle(ctx, body) {
      const { store } = ctx;
      return store.tx(() => {
        const now = ctx.clock.now();
        const pushed: string[] = [];
        for (const record of body.data) {
          const device = store.edgeDevices.get(record.uuid);
          if (!device) throw ServiceError.about('notFound', `edge device ${record.uuid}`);
          requireScope(store, ctx.grant, device.org_uuid);
          for (const flow of record.edgeFlows) store.edgeDevices.upsertFlow(device.uuid, flow, now);
          store.edgeDevices.touch(device.uuid, now);
          if (!pushed.includes(device.uuid)) pushed.push(device.uuid);
        }
        return { data: store.edgeDevices.load(pushed, ctx.tz) };
      });
    },
  }),
];
