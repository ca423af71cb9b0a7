import { MAX_PAGE_SIZE } from '../domain/service-errors.js';
import { ServiceError } from './errors.js';
import type { RequestContext } from './route.js';

export interface Page {
  pageNo: number;
  pageSize: number;
  offset: number;
  /** False when the offset is beyond any table (the page is empty without asking the store). */
  reachable: boolean;
}

const INTEGER = /^[+-]?\d+$/;

/** pageNo from the path (zero-based), pageSize from `?pageSize=`; the 406s of decisions.md. */
export function parsePage(ctx: RequestContext): Page {
  const noText = ctx.params.pageNo ?? '';
  const pageNo = INTEGER.test(noText) ? Number(noText) : Number.NaN;
  if (!(pageNo >= 0)) throw new ServiceError('pageNo', 'pageNo');
  const sizeText = ctx.query.get('pageSize') ?? '';
  const pageSize = INTEGER.test(sizeText) ? Number(sizeText) : Number.NaN;
  if (!(pageSize > 0)) throw new ServiceError('pageSize', 'pageSize');
  if (pageSize > MAX_PAGE_SIZE) throw new ServiceError('pageSizeMax', 'pageSize');
  const offset = pageNo * pageSize;
  return { pageNo, pageSize, offset, reachable: Number.isSafeInteger(offset) && offset < 2 ** 62 };
}

export function totalHeader(total: number): Record<string, string> {
  return { 'x-total-count': String(total) };
}
