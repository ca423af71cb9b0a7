import { randomUUID } from 'node:crypto';
import { isUuid } from '../../domain/uuid.js';
import { requireScope } from '../auth.js';
import { ServiceError } from '../errors.js';
import { parsePage, totalHeader } from '../page-params.js';
import { defineRoute, type Route } from '../route.js';

/**
 * What a CCP-DM-006 says: the serial sent and, when it only reads like the one stored (domain serialKey), that
 * one too, with the device or earlier record holding it.
 */
function serialClash(
  i: number,
  serial: string | null | undefined,
  orgUuid: string,
  holder: { uuid: string; serialNumber: string | null } | undefined,
  sent: ReadonlyMap<string, number>,
): string {
  const used = `data[${i}].serialNumber`;
  if (!holder || holder.serialNumber === serial)
    return `${used} ${serial} is already used in organization ${orgUuid}`;
  const earlier = sent.get(holder.uuid);
  const by = earlier === undefined ? `device ${holder.uuid}` : `data[${earlier}]`;
  return (
    `${used} ${JSON.stringify(serial)} is already used in organization ${orgUuid} as ` +
    `${JSON.stringify(holder.serialNumber)} by ${by} (serial numbers are compared trimmed, NFC-normalised ` +
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
      return ctx.store.read(
        async (s) => ({
          data: page.reachable
            ? await s.edgeDevices.page(ctx.grant.orgUuid, page.pageSize, page.offset, ctx.tz)
            : [],
          headers: totalHeader(await s.edgeDevices.countInScope(ctx.grant.orgUuid)),
        }),
        ctx.changeToken,
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
      for (const [name, value] of [
        ['orgUuid', orgUuid],
        ['userUuid', userUuid],
      ] as const) {
        if (!isUuid(value)) throw ServiceError.about('invalidUuid', `${name} ${value} is not a UUID`);
      }
      return ctx.store.tx(async (s) => {
        if (!(await s.organizations.exists(orgUuid)))
          throw ServiceError.about('invalidUuid', `organization ${orgUuid} does not exist`);
        await requireScope(s, ctx.grant, orgUuid);
        const batch = s.edgeDevices.batch(ctx.clock.now());
        // A uuid sent twice: the second record updates the device the first one creates. A set beside the
        // list: a search of the list for each record made a batch of 1,000 cost its square.
        const queued: string[] = [];
        const seen = new Set<string>();
        for (const record of body.data) {
          const existing = record.uuid ? await s.edgeDevices.get(record.uuid) : undefined;
          if (existing) await requireScope(s, ctx.grant, existing.orgUuid);
          const uuid = existing?.uuid ?? record.uuid ?? randomUUID();
          const known = existing !== undefined || seen.has(uuid);
          queued.push(uuid);
          seen.add(uuid);
          batch.save(record, { uuid, orgUUID: orgUuid, userUUID: userUuid }, known);
        }
        const outcome = await batch.end();
        if (!outcome.saved) {
          const record = body.data[outcome.clash]!;
          // The device holding the serial, to name it when it is spelt otherwise; an engine whose transaction
          // the clash ended answers nothing, and the message is then the plain one.
          const holder = await s.edgeDevices
            .bySerial(orgUuid, record.serialNumber ?? '')
            .catch(() => undefined);
          // Device uuid -> its index in this request, to name a clash with an earlier record.
          const sent = new Map(queued.slice(0, outcome.clash).map((uuid, i) => [uuid, i] as const));
          throw ServiceError.about(
            'edgeDeviceSave',
            serialClash(outcome.clash, record.serialNumber, orgUuid, holder, sent),
          );
        }
        return { data: await batch.records(ctx.tz) };
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
      return ctx.store.tx(async (s) => {
        const now = ctx.clock.now();
        const pushed: string[] = [];
        for (const record of body.data) {
          const device = await s.edgeDevices.get(record.uuid);
          if (!device) throw ServiceError.about('notFound', `edge device ${record.uuid}`);
          await requireScope(s, ctx.grant, device.orgUuid);
          for (const flow of record.edgeFlows) await s.edgeDevices.upsertFlow(device.uuid, flow, now);
          await s.edgeDevices.touch(device.uuid, now);
          if (!pushed.includes(device.uuid)) pushed.push(device.uuid);
        }
        return { data: await s.edgeDevices.load(pushed, ctx.tz) };
      });
    },
  }),
];
