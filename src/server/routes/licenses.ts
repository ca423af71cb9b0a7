import { LICENSE_ACTIONS, type LicenseAction } from '../../domain/license-actions.js';
import { isUuid } from '../../domain/uuid.js';
import { requireScope } from '../auth.js';
import { ServiceError } from '../errors.js';
import { defineRoute, type Route } from '../route.js';

export const licenseRoutes: Route[] = [
  defineRoute({
    method: 'PUT',
    path: '/license/:uuid/:action',
    doc: {
      summary: 'Activate or deactivate a license (action: activate | deactivate)',
      response: 'LicenseRecord',
    },
    handle(ctx) {
      const uuid = ctx.params.uuid ?? '';
      const action = ctx.params.action as LicenseAction;
      if (!LICENSE_ACTIONS.includes(action)) throw ServiceError.about('notFound', `action ${action}`);
      if (!isUuid(uuid)) throw ServiceError.about('notFound', `license ${uuid}`);
      // The operation takes no body: none is read.
      return ctx.store.tx(async (s) => {
        const head = await s.licenses.head(uuid);
        if (!head) throw ServiceError.about('notFound', `license ${uuid}`);
        await requireScope(s, ctx.grant, head.orgUuid);
        const now = ctx.clock.now();
        await s.licenses.setActive(uuid, action === 'activate', now);
        return { data: [await s.licenses.record(uuid, now, ctx.tz)] };
      });
    },
  }),
];
