import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../domain/clock.js';
import type { Metadata } from '../domain/envelope.js';
import type { TokenGrant } from '../domain/grants.js';
import { isValidTimeZone } from '../domain/instant.js';
import { firstIssue } from '../domain/issues.js';
import { isUuid } from '../domain/uuid.js';
import { type Authenticator, authenticator } from './auth.js';
import { errorResponse, ServiceError } from './errors.js';
import { healthRoutes } from './health-route.js';
import {
  envelopeResponse,
  jsonResponse,
  nodeHandler,
  type Service,
  type ServiceRequest,
  type ServiceResponse,
} from './http.js';
import { waitForLock } from './lock-wait.js';
import { docsRoutes, openApiRoutes } from './openapi/routes.js';
import type { RequestContext, Route, RouteResult } from './route.js';
import { router } from './router.js';
import { API_ROUTES } from './routes/index.js';
import { withoutServerStamps } from './stamps.js';
import type { Store } from './store/port.js';
import { failureResponse, logLine } from './store-failure.js';

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface AppOptions {
  store: Store;
  clock?: Clock;
  log?: (line: string) => void;
  /** The tokens' check, when the caller has made it (the embedded default checks its token with it first). */
  authenticate?: Authenticator;
}

export const ROUTES: readonly Route[] = [...API_ROUTES, ...openApiRoutes, ...docsRoutes, ...healthRoutes];

/** The bodies' schemas and their parser: with zod, loaded by the first request that has a body. */
const bodyParsing = () => Promise.all([import('./routes/bodies.js'), import('./body.js')]);

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

/**
 * What a request has shown of itself so far, for the answer to carry whatever ends it: its route once found,
 * and the metadata to answer with (the caller's once known, the body's once read).
 */
interface Progress {
  route?: Route;
  metadata: Metadata;
}

/** The caller, when the route needs one: the token's grant (401 otherwise), its role allowed (403 otherwise). */
async function admit(
  route: Route,
  req: ServiceRequest,
  authenticate: Authenticator,
  seen: Progress,
): Promise<{ grant: TokenGrant; changeToken: string } | undefined> {
  if (route.roles === 'public') return undefined;
  const admitted = await authenticate.admit(req.headers);
  seen.metadata = callerMetadata(admitted.grant);
  if (!route.roles.includes(admitted.grant.role)) throw new ServiceError('forbidden');
  return admitted;
}

/**
 * The request's body, when the route reads one: JSON (406 otherwise), its metadata echoed from then on,
 * parsed by the route's schema (406 naming the first issue), the server's own stamps checked, then dropped.
 */
async function readRequestBody(route: Route, req: ServiceRequest, seen: Progress): Promise<unknown> {
  if (!route.body) return undefined;
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
  seen.metadata = echoMetadata(json);
  const [{ bodySchema }, { parseBody }] = await bodyParsing();
  const parsed = parseBody(await bodySchema(route.body), json);
  if (!parsed.success) throw new ServiceError('validation', firstIssue(parsed.error, json));
  // Checked like any field first (a date that does not exist is a 406), then ignored.
  return route.serverStamps ? withoutServerStamps(parsed.data) : parsed.data;
}

/** The request's `time_zone`: required by some routes, a known zone when given (406 otherwise); UTC if none. */
function requestZone(route: Route, req: ServiceRequest): string {
  const header = req.headers.time_zone;
  const zone = Array.isArray(header) ? header[0] : header;
  if (zone === undefined || zone === '') {
    if (route.timeZoneRequired) throw new ServiceError('validation', 'time_zone: required');
    return 'UTC';
  }
  if (!isValidTimeZone(zone)) throw new ServiceError('validation', 'time_zone: unknown time zone');
  return zone;
}

/** A route's result as the answer: an envelope, or a raw route's own content. */
function success(route: Route, result: RouteResult, metadata: Metadata): ServiceResponse {
  if (route.raw) {
    return result.content
      ? contentResponse(result.content, result.headers)
      : jsonResponse(200, result.headers ?? {}, result.data[0]);
  }
  return envelopeResponse(200, result.headers ?? {}, { data: result.data, metadata, statusCode: 'OK' });
}

/**
 * The error mapper: a typed failure answers as its section-7 envelope; anything else is logged and answers
 * as the route's own failure, or as the store's (busy, full, read-only), or a 500.
 */
function failure(
  err: unknown,
  req: ServiceRequest,
  seen: Progress,
  log: (line: string) => void,
): ServiceResponse {
  let typed: ServiceError;
  if (err instanceof ServiceError) {
    typed = err;
  } else {
    log(logLine(Date.now(), req.method, req.url, err));
    typed = failureResponse(err, seen.route);
  }
  const r = errorResponse(typed, seen.metadata);
  return envelopeResponse(r.status, r.headers, r.body);
}

/** The service over the store: a request in, its answer out (node:http and in-process callers alike). */
export function createService(opts: AppOptions): Service {
  const { store } = opts;
  const clock = opts.clock ?? store.clock;
  const log = opts.log ?? (() => {});
  const find = router(ROUTES);
  const authenticate = opts.authenticate ?? authenticator(store);

  return async (req) => {
    const seen: Progress = { metadata: callerMetadata(undefined) };
    try {
      const url = new URL(req.url, 'http://localhost');
      const { route, params } = find(req.method, url.pathname);
      seen.route = route;
      const admitted = await admit(route, req, authenticate, seen);
      const body = await readRequestBody(route, req, seen);
      const ctx: RequestContext = {
        store,
        clock,
        log,
        params,
        query: url.searchParams,
        grant: admitted?.grant ?? { orgUuid: '', role: 'viewer', userUuid: null },
        changeToken: admitted?.changeToken,
        tz: requestZone(route, req),
        metadata: seen.metadata,
        signal: req.signal ?? NEVER,
      };
      return success(
        route,
        await waitForLock(() => route.handle(ctx, body), store.lockWaitMs),
        seen.metadata,
      );
    } catch (err) {
      return failure(err, req, seen, log);
    }
  };
}
