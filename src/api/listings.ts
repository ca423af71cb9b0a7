import type { CodeType } from '../domain/code.js';
import type { EdgeDevice } from '../domain/edge-device.js';
import type { Organization } from '../domain/organization.js';
import type { ApiClient } from './client.js';
import type { PageOptions } from './paginate.js';

// The three paged operations of the interface; each yields records one at a time (see paginate.ts).

/** GET /edgedevice/all/{pageNo}: the edge devices in the token's scope. */
export function listEdgeDevices(api: ApiClient, page: PageOptions): AsyncGenerator<EdgeDevice> {
  return api.paginate<EdgeDevice>('/edgedevice/all', page);
}

/** GET /codeTypes/{pageNo}: code types with their codes. */
export function listCodeTypes(api: ApiClient, page: PageOptions): AsyncGenerator<CodeType> {
  return api.paginate<CodeType>('/codeTypes', page);
}

/** GET /org/{orgUuid}/org/{pageNo}: the direct sub-organizations of an organization. */
export function listSubOrganizations(
  api: ApiClient,
  orgUuid: string,
  page: PageOptions,
): AsyncGenerator<Organization> {
  return api.paginate<Organization>(`/org/${encodeURIComponent(orgUuid)}/org`, page);
}
