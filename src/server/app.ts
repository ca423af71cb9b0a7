import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../domain/clock.js';
import type { Metadata } from '../domain/envelope.js';
import type { TokenGrant } from '../domain/grants.js';
import { isValidTimeZone } from '../domain/instant.js';
import { firstIssue } from '../domain/issues.js';
import { isUuid } from '../domain/uuid.js';
import { type Authenticator, authenticator } from './auth.js';
import { errorResponse, ServiceError } from './errors.js';
import { envelopeResponse, jsonResponse, nodeHandler, type Service, type ServiceResponse } from './http.js';
import { shortenLockWait, waitForLock } from './lock-wait.js';
import { docsRoutes, openApiRoutes } from './openapi/routes.js';
import type { RequestContext, Route, RouteResult } from './route.js';
import { API_ROUTES } from './routes/index.js';
import { withoutServerStamps } from './stamps.js';
import type { Store } from './store/db.js';
import { failureResponse, logLine } from './store-failure.js';

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface AppOptions {
  store: Store;
  clock?: Clock;
  log?: (line: string) => void;
  /** The tokens' check, when the caller has made it (the embedded default checks its token with it first). */
  authenticate?: Authenticator;
}

export const ROUTES: readonly Route[] = [...API_ROUTES, ...openApiRoutes, ...docsRoutes];

/** The bodies' schemas and their parser: with zod, loaded by the first request that has a body. */
const bodyParsing = () => Promise.all([import('./routes/bodies.js'), import('./body.js')]);

interface PathEntry {
  segments: string[];
  byMethod: Map<string, Route>;
}

function buildTable(routes: readonly Route[]): PathEntry[] {
  const table = new Map<string, PathEntry>();
  for (const r of routes) {
    let entry = table.get(r.path);
    if (!entry) {
      entry = { segments: r.path.split('/').filter(Boolean), byMethod: new Map() };
      table.set(r.path, entry);
    }
    entry.byMethod.set(r.method, r);
  }
  // Literal segments win over parameters, so /edgedevice/push never reads as a parameter.
  return [...table.values()].sort(
    (a, b) =>
      b.segments.filter((s) => !s.startsWith(':')).length -
      a.segments.filter((s) => !s.startsWith(':')).length,
  );
}

function match(entry: PathEntry, parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  // A listing without its page number is the listing with pageNo missing (a 406 of decisions.md), not an
  // unknown path: /edgedevice/all and /edgedevice/all/ both name it.
  if (parts.length === entry.segments.length - 1 && entry.segments.at(-1) === ':pageNo') {
    params.pageNo = '';
  } else if (entry.segments.length !== parts.length) {
    return undefined;
  }
  for (let i = 0; i < parts.length; i++) {
    const seg = entry.segments[i]!;
    const part = parts[i]!;
    if (seg.startsWith(':')) params[seg.slice(1)] = part;
    else if (seg !== part) return undefined;
  }
  return params;
}

function splitPath(pathname: string): string[] | undefined {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

function echoMetadata(body: unknown): Metadata {
  const m =
    body && typeof body === 'object' && 'metadata' in body
      ? (body as { metadata: unknown }).metadata
      : undefined;
  // Only what the metadata schema accepts is echoed, so even a refused request's answer keeps its shape.
  const field = (k: string) => {
    const v = m && typeof m === 'object' ? (m as Record<string, unknown>)[k] : undefined;
    return typeof v === 'string' && isUuid(v) ? v : '';
  };
  return { fileCodeUuid: field('fileCodeUuid'), orgUuid: field('orgUuid'), userUuid: field('userUuid') };
}

function contentResponse(c: NonNullable<RouteResult['content']>, headers = {}): ServiceResponse {
  return {
    status: 200,
    headers: { 'content-type': c.type, 'content-length': Buffer.byteLength(c.body), ...headers },
    body: c.body,
  };
}

/** `application/json`, with any parameters (a charset): the only body type the interface has. */
function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function callerMetadata(grant: TokenGrant | undefined): Metadata {
  return { fileCodeUuid: '', orgUuid: grant?.orgUuid ?? '', userUuid: grant?.userUuid ?? '' };
}

const NEVER = new AbortController().signal;

/** The server as a value: a node:http request handler over the store. */
export function createApp(opts: AppOptions): Handler {
  return nodeHandler(createService(opts));
}

/** The service over the store: a request in, its answer out (node:http and in-process callers alike). */
export function createService(opts: AppOptions): Service {
  const { store } = opts;
  const clock = opts.clock ?? store.clock;
  const log = opts.log ?? (() => {});
  const table = buildTable(ROUTES);
  const authenticate = opts.authenticate ?? authenticator(store);
  shortenLockWait(store);

  return async (req) => {
    let metadata: Metadata = callerMetadata(undefined);
    let route: Route | undefined;
    try {
      const url = new URL(req.url, 'http://localhost');
      const parts = splitPath(url.pathname);
      let params: Record<string, string> | undefined;
      let entry: PathEntry | undefined;
      for (const e of parts ? table : []) {
        params = match(e, parts!);
        if (params) {
          entry = e;
          break;
        }
      }
      if (!entry || !params) throw new ServiceError('notFound');
      route = entry.byMethod.get(req.method);
      if (!route) {
        throw new ServiceError('methodNotSupported', undefined, {
          allow: [...entry.byMethod.keys()].join(', '),
        });
      }

      let grant: TokenGrant | undefined;
      if (route.roles !== 'public') {
        grant = authenticate(req.headers);
        metadata = callerMetadata(grant);
        if (!route.roles.includes(grant.role)) throw new ServiceError('forbidden');
      }

      let body: unknown;
      if (route.body) {
        // A caller in process may hand over the value its text encodes (in-process.ts): no parse then.
        const handed = req.readJson ? await req.readJson() : undefined;
        const text = handed === undefined ? await req.readBody() : undefined;
        if (!isJson(req.headers['content-type'])) {
          throw new ServiceError('validation', 'content-type: expected application/json');
        }
        let json = handed;
        if (text !== undefined) {
          try {
            json = JSON.parse(text);
          } catch {
            throw new ServiceError('validation', 'body: not valid JSON');
          }
        }
        metadata = echoMetadata(json);
        const [{ BODIES }, { parseBody }] = await bodyParsing();
        const parsed = parseBody(BODIES[route.body], json);
        if (!parsed.success) throw new ServiceError('validation', firstIssue(parsed.error, json));
        // Checked like any field first (a date that does not exist is a 406), then ignored.
        body = route.serverStamps ? withoutServerStamps(parsed.data) : parsed.data;
      }

      const zoneHeader = req.headers.time_zone;
      const zone = Array.isArray(zoneHeader) ? zoneHeader[0] : zoneHeader;
      if (zone === undefined || zone === '') {
        if (route.timeZoneRequired) throw new ServiceError('validation', 'time_zone: required');
      } else if (!isValidTimeZone(zone)) {
        throw new ServiceError('validation', 'time_zone: unknown time zone');
      }

      const ctx: RequestContext = {
        store,
        clock,
        log,
        params,
        query: url.searchParams,
        grant: grant ?? { orgUuid: '', role: 'viewer', userUuid: null },
        tz: zone || 'UTC',
        metadata,
        signal: req.signal ?? NEVER,
      };
      const op = route;
      const result = await waitForLock(store, () => op.handle(ctx, body));
      if (route.raw) {
        return result.content
          ? contentResponse(result.content, result.headers)
          : jsonResponse(200, result.headers ?? {}, result.data[0]);
      }
      return envelopeResponse(200, result.headers ?? {}, { data: result.data, metadata, statusCode: 'OK' });
    } catch (err) {
      let failure: ServiceError;
      if (err instanceof ServiceError) {
        failure = err;
      } else {
        log(logLine(Date.now(), req.method, req.url, err));
        failure = failureResponse(err, route);
      }
      const r = errorResponse(failure, metadata);
      return envelopeResponse(r.status, r.headers, r.body);
    }
  };
}
