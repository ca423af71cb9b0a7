import type { Organization, OrganizationOptionInput, OrganizationUpdate } from '../domain/organization.js';
import type { ApiClient } from './client.js';
import type { Listing, PageOptions } from './paginate.js';
import type { WriteRequest } from './write-request.js';

/** GET /org/{orgUuid}/org/{pageNo}: the direct sub-organizations of an organization. */
export function listSubOrganizations(
  api: ApiClient,
  orgUuid: string,
  page: PageOptions,
): Listing<Organization> {
  return api.paginate<Organization>(`/org/${encodeURIComponent(orgUuid)}/org`, page);
}

/** PUT /org/update: updates the fields sent of each organization named by uuid. */
export function updateOrganizationsRequest(records: OrganizationUpdate[]): WriteRequest<OrganizationUpdate> {
  return { method: 'PUT', path: '/org/update', records };
}

/** POST /org/options/org/{orgUuid}/add: upserts options by key. */
export function addOrganizationOptionsRequest(
  orgUuid: string,
  options: OrganizationOptionInput[],
): WriteRequest<OrganizationOptionInput> {
  return {
    method: 'POST',
    path: `/org/options/org/${encodeURIComponent(orgUuid)}/add`,
    records: options,
    subject: `organization ${orgUuid}`,
  };
}
