import type { LicenseAction, LicenseRecord } from '../domain/license.js';
import type { ApiClient } from './client.js';

/** PUT /license/{uuid}/{action}: the license record(s) after the change. */
export async function setLicenseState(
  api: ApiClient,
  uuid: string,
  action: LicenseAction,
): Promise<LicenseRecord[]> {
  const ex = await api.request<LicenseRecord>('PUT', `/license/${encodeURIComponent(uuid)}/${action}`);
  return ex.envelope.data;
}
