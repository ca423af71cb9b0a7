import { randomUUID } from 'node:crypto';
import { isUuid } from '../../domain/uuid.js';
import { requireScope } from '../auth.js';
import { ServiceError } from '../errors.js';
import { parsePage, totalHeader } from '../paging.js';
import { defineRoute, type RequestContext, type Route } from '../route.js';
import type { Store } from '../store/db.js';

/**
 * 200 CCP-HTTP-017 naming `where` when `uuid` is missing or malformed, or the organization when it does not
 * exist.
 */
function requireOrganization(store: Store, uuid: string | null | undefined, where: string): string {
  if (uuid == null || uuid === '') throw ServiceError.about('invalidUuid', `${where} is missing`);
  if (!isUuid(uuid)) throw ServiceError.about('invalidUuid', `${where} ${uuid} is not a UUID`);
  if (!store.organizations.exists(uuid))
    throw ServiceError.about('invalidUuid', `organization ${uuid} does not exist`);
  return uuid;
}

/** The path's organization: malformed or unknown is 200 CCP-HTTP-017, outside the caller's scope 403. */
function knownOrganization(ctx: RequestContext, store: Store): string {
  const orgUuid = ctx.params.orgUuid ?? '';
  requireOrganization(store, orgUuid, 'orgUuid');
  requireScope(store, ctx.grant, orgUuid);
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
      const { store } = ctx;
      return store.tx(() => {
        const now = ctx.clock.now();
        const updated: string[] = [];
        body.data.forEach((record, i) => {
          const uuid = requireOrganization(store, record.uuid, `data[${i}].uuid`);
          requireScope(store, ctx.grant, uuid);
          const { uuid: _uuid, organizationUuid: _parent, suborganization: _subs, ...patch } = record;
          store.organizations.update(uuid, patch, now);
          if (!updated.includes(uuid)) updated.push(uuid);
        });
        return { data: store.organizations.load(updated, ctx.tz) };
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/org/:orgUuid/org/:pageNo',
    doc: { summary: 'List the sub-organizations of an organization, paged', response: 'Organization' },
    timeZoneRequired: true,
    handle(ctx) {
      const { store } = ctx;
      const page = parsePage(ctx);
      return store.read(() => {
        const orgUuid = knownOrganization(ctx, store);
        return {
          data: page.reachable
            ? store.organizations.listChildren(orgUuid, page.pageSize, page.offset, ctx.tz)
            : [],
          headers: totalHeader(store.organizations.countChildren(orgUuid)),
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
      const { store } = ctx;
      return store.tx(() => {
        const orgUuid = knownOrganization(ctx, store);
        const now = ctx.clock.now();
        const keys: string[] = [];
        for (const option of body.data) {
          store.organizations.upsertOption(orgUuid, option, randomUUID(), now);
          if (!keys.includes(option.key)) keys.push(option.key);
        }
        return { data: keys.map((k) => store.organizations.option(orgUuid, k, ctx.tz)!) };
      });
    },
  }),
];
