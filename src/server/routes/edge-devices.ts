import { randomUUID } from 'node:crypto';
import { isUuid } from '../../domain/uuid.js';
import { requireScope } from '../auth.js';
import { ServiceError } from '../errors.js';
import { parsePage, totalHeader } from '../paging.js';
import { defineRoute, type Route } from '../route.js';

/**
 * What a CCP-DM-006 says: the serial sent and, when it only reads like the one stored (domain serialKey), that
 * one too, with the device or earlier record holding it.
 */
function serialClash(
  i: number,
  serial: string | null | undefined,
  orgUuid: string,
  holder: { uuid: string; serial_number: string | null } | undefined,
  sent: ReadonlyMap<string, number>,
): string {
  const used = `data[${i}].serialNumber`;
  if (!holder || holder.serial_number === serial)
    return `${used} ${serial} is already used in organization ${orgUuid}`;
  const earlier = sent.get(holder.uuid);
  const by = earlier === undefined ? `device ${holder.uuid}` : `data[${earlier}]`;
  return (
    `${used} ${JSON.stringify(serial)} is already used in organization ${orgUuid} as ` +
    `${JSON.stringify(holder.serial_number)} by ${by} (serial numbers are compared trimmed, NFC-normalised ` +
    'and without zero-width characters)'
  );
}

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
        // Device uuid -> its index in this request, to name a clash with an earlier record.
        const sent = new Map<string, number>();
        body.data.forEach((record, i) => {
          const existing = record.uuid ? store.edgeDevices.get(record.uuid) : undefined;
          if (existing) requireScope(store, ctx.grant, existing.org_uuid);
          const uuid = existing?.uuid ?? record.uuid ?? randomUUID();
          if (!batch.save(record, { uuid, orgUUID: orgUuid, userUUID: userUuid }, existing !== undefined)) {
            const holder = store.edgeDevices.bySerial(orgUuid, record.serialNumber ?? '');
            throw ServiceError.about(
              'edgeDeviceSave',
              serialClash(i, record.serialNumber, orgUuid, holder, sent),
            );
          }
          sent.set(uuid, i);
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
