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
      // The row is read once: the scope is checked on it, and the store (de)activates it and answers the
      // record from it. The operation takes no body: none is read.
      return store.tx(() => {
        const row = store.licenses.row(uuid);
        if (!row) throw ServiceError.about('notFound', `license ${uuid}`);
        requireScope(store, ctx.grant, row.org_uuid);
        const { record } = store.licenses.setActive(row, action === 'activate', ctx.clock.now(), ctx.tz);
        return { data: [record] };
      });
    },
  }),
];
