// The published contract: GET /openapi.json, and GET /docs, a reference page rendering it with Redoc's
// standalone bundle, served from the installed package (no CDN: the page works offline, as the embedded
// server does). Here, beside the document, so that openapi/ reads routes/ and never the other way.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineRoute, type Route } from '../route.js';

const SCRIPT = '/docs/redoc.standalone.js';

// Records two levels deep (envelope, then its records' fields) open, so a reader sees the fields at once.
const INIT = `Redoc.init('/openapi.json', { schemaExpansionLevel: 2, expandResponses: '200' },
  document.getElementById('redoc'));`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ccp service interface</title>
</head>
<body>
<div id="redoc"></div>
<script src="${SCRIPT}"></script>
<script>${INIT}</script>
</body>
</html>
`;

// The page loads nothing from elsewhere: the bundle's branding image would come from Redocly's CDN, and a
// reference page has no reason to tell a third party who reads it.
const POLICY = [
  "default-src 'self'",
  `script-src 'self' 'sha256-${createHash('sha256').update(INIT).digest('base64')}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "worker-src 'self' blob:",
  "font-src 'self' data:",
].join('; ');

let bundle: Buffer | undefined;

/**
 * Redoc's standalone bundle: a copy in dist/ (made by the build, beside dist/cli) in an installed package,
 * so that redoc and its dependencies (core-js, with an install script) are not installed with ccp; the
 * package itself from the sources.
 */
function redocBundle(): Buffer {
  if (bundle) return bundle;
  const copy = new URL('../redoc.standalone.js', import.meta.url);
  bundle = existsSync(copy)
    ? readFileSync(copy)
    : readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
  return bundle;
}

export const docsRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/docs',
    roles: 'public',
    raw: true,
    handle: () => ({
      data: [],
      headers: { 'content-security-policy': POLICY },
      content: { type: 'text/html; charset=utf-8', body: PAGE },
    }),
  }),
  defineRoute({
    method: 'GET',
    path: SCRIPT,
    roles: 'public',
    raw: true,
    handle: () => ({
      data: [],
      headers: { 'cache-control': 'public, max-age=86400' },
      content: { type: 'text/javascript; charset=utf-8', body: redocBundle() },
    }),
  }),
];

let contract: object | undefined;

export const openApiRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/openapi.json',
    roles: 'public',
    raw: true,
    async handle() {
      // The document's builder converts every schema: it loads with the first request for it.
      contract ??= await (await import('./document.js')).openApiDocument();
      return { data: [contract] };
    },
  }),
];
