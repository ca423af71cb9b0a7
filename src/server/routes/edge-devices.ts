import { randomUUID } from 'node:crypto';
import { Uuid } from '../../domain/common.js';
import { EdgeDevice, EdgeDeviceInput, EdgeDevicePushInput } from '../../domain/edge-device.js';
import { requestEnvelope } from '../../domain/envelope.js';
import { requireScope } from '../auth.js';
import { ServiceError } from '../errors.js';
import { parsePage, totalHeader } from '../paging.js';
import { ALL_ROLES, defineRoute, type Route, WRITERS } from '../route.js';
import type { DeviceRow } from '../store/edge-devices.js';

export const edgeDeviceRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/edgedevice/all/:pageNo',
    doc: { summary: "List the edge devices in the caller's scope, paged", response: EdgeDevice },
    roles: ALL_ROLES,
    timeZoneRequired: true,
    handle(ctx) {
      const page = parsePage(ctx);
      const devices = ctx.store.edgeDevices;
      return ctx.store.tx(() => ({
        data: page.reachable
          ? devices.load(devices.pageKeys(ctx.grant.orgUuid, page.pageSize, page.offset), ctx.tz)
          : [],
        headers: totalHeader(devices.countInScope(ctx.grant.orgUuid)),
      }));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/edgedevice/org/:orgUuid/user/:userUuid/add',
    doc: {
      summary: 'Add or update edge devices of an organization',
      request: EdgeDeviceInput,
      response: EdgeDevice,
    },
    roles: WRITERS,
    failure: 'edgeDeviceSave',
    serverStamps: true,
    body: requestEnvelope(EdgeDeviceInput),
    handle(ctx, body) {
      const { orgUuid, userUuid } = ctx.params as { orgUuid: string; userUuid: string };
      const { store } = ctx;
      if (!Uuid.safeParse(orgUuid).success || !Uuid.safeParse(userUuid).success) {
        throw new ServiceError('invalidUuid', 'path');
      }
      return store.tx(() => {
        if (!store.organizations.exists(orgUuid)) throw new ServiceError('invalidUuid', 'orgUuid');
        requireScope(store, ctx.grant, orgUuid);
        const now = ctx.clock.now();
        const saved: string[] = [];
        // Rows of devices created here with no flows or references: the answer is built from them.
        const inserted: DeviceRow[] = [];
        let onlyInserted = true;
        for (const record of body.data) {
          const existing = record.uuid ? store.edgeDevices.get(record.uuid) : undefined;
          if (existing) requireScope(store, ctx.grant, existing.org_uuid);
          const uuid = existing?.uuid ?? record.uuid ?? randomUUID();
          const clash = store.edgeDevices.bySerial(orgUuid, record.serialNumber);
          if (clash && clash.uuid !== uuid)
            throw new ServiceError('edgeDeviceSave', `serialNumber ${record.serialNumber}`);
          const fields = { ...record, uuid, orgUUID: orgUuid, userUUID: userUuid };
          if (existing) {
            store.edgeDevices.update(uuid, fields, now);
            onlyInserted = false;
          } else {
            inserted.push(store.edgeDevices.insert(fields, now));
          }
          if ((record.edgeFlows?.length ?? 0) > 0 || (record.externalReferences?.length ?? 0) > 0)
            onlyInserted = false;
          for (const flow of record.edgeFlows ?? []) {
            store.edgeDevices.upsertFlow(
              uuid,
              { ...flow, flowId: flow.flowId ?? flow.uuid ?? randomUUID() },
              now,
            );
          }
          if (record.externalReferences)
            store.edgeDevices.replaceReferences(uuid, record.externalReferences, now);
          saved.push(uuid);
        }
        const fresh = onlyInserted ? store.edgeDevices.insertedRecords(inserted, ctx.tz) : undefined;
        return { data: fresh ?? store.edgeDevices.load(saved, ctx.tz) };
      });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/edgedevice/push',
    doc: {
      summary: 'Push flow definitions to edge devices (upserted by flowId)',
      request: EdgeDevicePushInput,
      response: EdgeDevice,
    },
    roles: WRITERS,
    serverStamps: true,
    body: requestEnvelope(EdgeDevicePushInput),
    handle(ctx, body) {
      const { store } = ctx;
      return store.tx(() => {
        const now = ctx.clock.now();
        const pushed: string[] = [];
        for (const record of body.data) {
          const device = store.edgeDevices.get(record.uuid);
          if (!device) throw new ServiceError('notFound', `edge device ${record.uuid}`);
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
