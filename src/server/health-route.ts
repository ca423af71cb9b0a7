// GET /healthz, outside the interface: what a load balancer in front of a team twin probes. A real check of
// the store each time (store.health(): the database answers, and its tables are the ones this ccp expects),
// public, and saying nothing a token would be needed to read: 200 `{status, schemaVersion}` when whole; else
// the store's failure as every request meets it (503 SERVICE_UNAVAILABLE with Retry-After, the cause after
// the reason, logged).
import { defineRoute, type Route } from './route.js';
import { StoreError } from './store/port.js';

export const healthRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/healthz',
    roles: 'public',
    raw: true,
    async handle({ store }) {
      const health = await store.health();
      if (health.problems.length > 0) {
        throw new StoreError(
          'corrupt',
          `the database ${health.location} is not a twin this ccp can serve: ${health.problems.join('; ')}`,
        );
      }
      return {
        data: [{ status: 'ok', schemaVersion: health.schemaVersion }],
        headers: { 'cache-control': 'no-store' },
      };
    },
  }),
];
