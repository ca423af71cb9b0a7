import { firstIssue } from '../../domain/issues.js';
import { ServiceError } from '../errors.js';
import { parsePage, totalHeader } from '../page-params.js';
import { defineRoute, type Route } from '../route.js';

export const codeRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/codes',
    doc: {
      summary: 'Get a code by its code UUID (data[0].uuid)',
      request: 'CodeLookup',
      response: 'Code',
    },
    timeZoneRequired: true,
    failure: 'codeFetch',
    // No serverStamps: the lookup reads only the uuid, and the record's timestamps are checked (codeLookup).
    body: 'codeGet',
    async handle(ctx, raw) {
      // Missing or empty data has its own reason (section 7), ahead of the record's schema.
      const data = (raw as { data?: unknown } | null)?.data;
      if (data == null || (Array.isArray(data) && data.length === 0))
        throw new ServiceError('emptyData', 'data');
      const parsed = (await (await import('./bodies.js')).codeLookup()).safeParse(raw);
      if (!parsed.success) throw new ServiceError('validation', firstIssue(parsed.error, raw));
      const uuid = parsed.data.data[0]!.uuid;
      const code = await ctx.store.read((s) => s.codes.code(uuid, ctx.tz));
      if (!code) throw ServiceError.about('codeFetch', `code ${uuid}`);
      return { data: [code] };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/codeTypes/:pageNo',
    doc: { summary: 'List code types with their codes, paged', response: 'CodeType' },
    timeZoneRequired: true,
    failure: 'codeTypeFetch',
    handle(ctx) {
      const page = parsePage(ctx);
      return ctx.store.read(async (s) => ({
        data: page.reachable ? await s.codes.listTypes(page.pageSize, page.offset, ctx.tz) : [],
        headers: totalHeader(await s.codes.countTypes()),
      }));
    },
  }),
];
