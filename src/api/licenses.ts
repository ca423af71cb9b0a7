import type { LicenseAction, LicenseRecord } from '../domain/license.js';
import type { ApiClient } from './client.js';
import { segment, type WriteRequest } from './write-request.js';

/** PUT /license/{uuid}/{action}: no records of its own, so the envelope's data is empty. */
export function licenseStateRequest(uuid: string, action: LicenseAction): WriteRequest {
  return {
    method: 'PUT',
    path: `/license/${segment(uuid)}/${action}`,
    records: [],
    subject: `license ${uuid}`,
  };
}

/** PUT /license/{uuid}/{action}: the license record(s) after the change. */
export async function setLicenseState(
  api: ApiClient,
  uuid: string,
  action: LicenseAction,
): Promise<LicenseRecord[]> {
  const req = licenseStateRequest(uuid, action);
  const ex = await api.request<LicenseRecord>(req.method, req.path, { subject: req.subject });
  return ex.envelope.data;
}
