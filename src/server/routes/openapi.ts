import { openApiDocument } from '../openapi.js';
import { defineRoute, type Route } from '../route.js';

let cached: object | undefined;

export const openApiRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/openapi.json',
    roles: 'public',
    raw: true,
    handle() {
      cached ??= openApiDocument();
      return { data: [cached] };
    },
  }),
];
