import type { CodeType } from '../domain/code.js';
import type { ApiClient } from './client.js';
import type { PageOptions } from './paginate.js';

/** GET /codeTypes/{pageNo}: code types with their codes, one at a time (see paginate.ts). */
export function listCodeTypes(api: ApiClient, page: PageOptions): AsyncGenerator<CodeType> {
  return api.paginate<CodeType>('/codeTypes', page);
}
