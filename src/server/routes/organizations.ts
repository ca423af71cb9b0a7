import { randomUUID } from 'node:crypto';
import { isUuid } from '../../domain/uuid.js';
import { requireScope } from '../auth.js';
import { ServiceError } from '../errors.js';
import { parsePage, totalHeader } from '../page-params.js';
import { defineRoute, type RequestContext, type Route } from '../route.js';
import type { Session } from '../store/port.js';

/**
 * 200 CCP-HTTP-017 naming `where` when `uuid` is missing or malformed, or the organization when it does not
 * exist.
 */
async function requireOrganization(
  s: Session,
  uuid: string | null | undefined,
  where: string,
): Promise<string> {
  if (uuid == null || uuid === '') throw ServiceError.about('invalidUuid', `${where} is missing`);
  if (!isUuid(uuid)) throw ServiceError.about('invalidUuid', `${where} ${uuid} is not a UUID`);
  if (!(await s.organizations.exists(uuid)))
    throw ServiceError.about('invalidUuid', `organization ${uuid} does not exist`);
  return uuid;
}

/** The path's organization: malformed or unknown is 200 CCP-HTTP-017, outside the caller's scope 403. */
async function knownOrganization(ctx: RequestContext, s: Session): Promise<string> {
  const orgUuid = ctx.params.orgUuid ?? '';
  await requireOrganization(s, orgUuid, 'orgUuid');
  await requireScope(s, ctx.grant, orgUuid);
  return orgUuid;
}

export const organizationRoutes: Route[] = [
  defineRoute({
    method: 'PUT',
    path: '/org/update',
    doc: {
      summary: 'Update organizations named by uuid, address included',
      request: 'OrganizationUpdateRequest',
      response: 'Organization',
    },
    serverStamps: true,
    body: 'orgUpdate',
    handle(ctx, body) {
      return ctx.store.tx(async (s) => {
        const now = ctx.clock.now();
        const updated: string[] = [];
        for (const [i, record] of body.data.entries()) {
          const uuid = await requireOrganization(s, record.uuid, `data[${i}].uuid`);
          await requireScope(s, ctx.grant, uuid);
          const { uuid: _uuid, organizationUuid: _parent, suborganization: _subs, ...patch } = record;
          await s.organizations.update(uuid, patch, now);
          if (!updated.includes(uuid)) updated.push(uuid);
        }
        return { data: await s.organizations.load(updated, ctx.tz) };
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/org/:orgUuid/org/:pageNo',
    doc: { summary: 'List the sub-organizations of an organization, paged', response: 'Organization' },
    timeZoneRequired: true,
    handle(ctx) {
      const page = parsePage(ctx);
      return ctx.store.read(async (s) => {
        const orgUuid = await knownOrganization(ctx, s);
        return {
          data: page.reachable
            ? await s.organizations.listChildren(orgUuid, page.pageSize, page.offset, ctx.tz)
            : [],
          headers: totalHeader(await s.organizations.countChildren(orgUuid)),
        };
      });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/org/options/org/:orgUuid/add',
    doc: {
      summary: 'Add organization options (upserted by key)',
      request: 'OrganizationOptionInput',
      response: 'OrganizationOption',
    },
    serverStamps: true,
    body: 'orgOptionsAdd',
    handle(ctx, body) {
      return ctx.store.tx(async (s) => {
        const orgUuid = await knownOrganization(ctx, s);
        const now = ctx.clock.now();
        const keys: string[] = [];
        for (const option of body.data) {
          await s.organizations.upsertOption(orgUuid, option, randomUUID(), now);
          if (!keys.includes(option.key)) keys.push(option.key);
        }
        const data = [];
        for (const k of keys) data.push((await s.organizations.option(orgUuid, k, ctx.tz))!);
        return { data };
      });
    },
  }),
];
