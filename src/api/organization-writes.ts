import type { OrganizationOptionInput, OrganizationUpdate } from '../domain/organization.js';
import { segment, type WriteRequest } from './write-request.js';

/** PUT /org/update: updates the fields sent of each organization named by uuid. */
export function updateOrganizationsRequest(records: OrganizationUpdate[]): WriteRequest<OrganizationUpdate> {
  return { method: 'PUT', path: '/org/update', records };
}

/** POST /org/options/org/{orgUuid}/add: upserts options by key. */
export function addOrganizationOptionsRequest(
  orgUuid: string,
  options: OrganizationOptionInput[],
): WriteRequest<OrganizationOptionInput> {
  return { method: 'POST', path: `/org/options/org/${segment(orgUuid)}/add`, records: options };
}
