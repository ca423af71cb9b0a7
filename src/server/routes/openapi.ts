import { defineRoute, type Route } from '../route.js';

let cached: object | undefined;

export const openApiRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/openapi.json',
    roles: 'public',
    raw: true,
    async handle() {
      // The document's builder converts every schema: it loads with the first request for it.
      cached ??= (await import('../openapi.js')).openApiDocument();
      return { data: [cached] };
    },
  }),
];
