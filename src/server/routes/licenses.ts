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
      const { store } = ctx;
      const uuid = ctx.params.uuid ?? '';
      const action = ctx.params.action as LicenseAction;
      if (!LICENSE_ACTIONS.includes(action)) throw ServiceError.about('notFound', `action ${action}`);
      if (!isUuid(uuid)) throw ServiceError.about('notFound', `license ${uuid}`);
      return store.tx(() => {
        const row = store.licenses.row(uuid);
        if (!row) throw ServiceError.about('notFound', `license ${uuid}`);
        requireScope(store, ctx.grant, row.org_uuid);
        const now = ctx.clock.now();
        store.licenses.setActive(uuid, action === 'activate', now);
        return { data: [store.licenses.record(uuid, now, ctx.tz)] };
      });
    },
  }),
];
