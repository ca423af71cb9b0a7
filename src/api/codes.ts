import type { Code } from '../domain/code.js';
import type { ApiClient } from './client.js';

/** POST /codes with data[0].uuid naming the code; an unknown code throws CCP-CS-001. */
export async function getCode(api: ApiClient, codeUuid: string): Promise<Code[]> {
  const ex = await api.request<Code>('POST', '/codes', {
    records: [{ uuid: codeUuid }],
    subject: `code ${codeUuid}`,
  });
  return ex.envelope.data;
}
