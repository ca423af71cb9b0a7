import type { EdgeDevice, EdgeDeviceInput, EdgeDevicePushInput } from '../domain/edge-device.js';
import { serialKey } from '../domain/serial-key.js';
import type { ApiClient } from './client.js';
import type { Listing, PageOptions } from './paginate.js';
import type { WriteRequest } from './write-request.js';

/** GET /edgedevice/all/{pageNo}: the edge devices in the token's scope, one at a time (see paginate.ts). */
export function listEdgeDevices(api: ApiClient, page: PageOptions): Listing<EdgeDevice> {
  return api.paginate<EdgeDevice>('/edgedevice/all', page);
}

/**
 * POST /edgedevice/org/{orgUuid}/user/{userUuid}/add: creates (no uuid) or updates (known uuid) devices. The
 * devices' organization and user travel in the path alone, where the service reads them (decisions.md); the
 * envelope's metadata is the caller's, as on every request.
 */
export function addEdgeDevicesRequest(
  orgUuid: string,
  userUuid: string,
  records: EdgeDeviceInput[],
): WriteRequest<EdgeDeviceInput> {
  return {
    method: 'POST',
    path: `/edgedevice/org/${encodeURIComponent(orgUuid)}/user/${encodeURIComponent(userUuid)}/add`,
    records,
  };
}

/** POST /edgedevice/push: upserts each device's flows by flowId. */
export function pushEdgeDevicesRequest(records: EdgeDevicePushInput[]): WriteRequest<EdgeDevicePushInput> {
  return { method: 'POST', path: '/edgedevice/push', records };
}

/**
 * Serial numbers the organization's devices already use, as compared (serialKey), from the paged listing
 * (the interface has no lookup by serial). The listing holds the caller's whole scope, so devices of other
 * organizations are left out.
 */
export async function existingSerials(
  api: ApiClient,
  orgUuid: string,
  onPage?: (fetched: number, total: number | undefined) => void,
): Promise<Set<string>> {
  const serials = new Set<string>();
  const pages = api.paginate<EdgeDevice>('/edgedevice/all', { pageSize: 1000, all: true, onPage });
  for await (const device of pages) {
    if (device.orgUUID === orgUuid && device.serialNumber) serials.add(serialKey(device.serialNumber));
  }
  return serials;
}
