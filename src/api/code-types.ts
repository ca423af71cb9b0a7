import type { CodeType } from '../domain/code.js';
import type { ApiClient } from './client.js';
import type { Listing, PageOptions } from './paginate.js';

/** GET /codeTypes/{pageNo}: code types with their codes, one at a time (see paginate.ts). */
export function listCodeTypes(api: ApiClient, page: PageOptions): Listing<CodeType> {
  return api.paginate<CodeType>('/codeTypes', page);
}
