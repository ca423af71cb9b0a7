import type { z } from 'zod';
import type { Clock } from '../domain/clock.js';
import type { Metadata } from '../domain/envelope.js';
import type { Role, TokenGrant } from '../domain/grants.js';
import type * as Domain from '../domain/index.js';
import type { ServiceErrorName } from '../domain/service-errors.js';
import { rolesOf } from './access.js';
import type { BodyName, BodySchema } from './routes/bodies.js';
import type { Store } from './store/port.js';

export type { BodyName };
/** A record schema of the domain, by the name domain/index.ts exports it under. */
export type SchemaName = {
  [K in keyof typeof Domain]: (typeof Domain)[K] extends z.ZodType ? K : never;
}[keyof typeof Domain];

export type Method = 'GET' | 'POST' | 'PUT';

export interface RequestContext {
  store: Store;
  clock: Clock;
  log: (line: string) => void;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The caller; on public routes, which need no token, one with no organization. */
  grant: TokenGrant;
  /** The change token the caller's token was checked at (Store.read's `at`); none on public routes. */
  changeToken: string | undefined;
  /** The request's `time_zone`, UTC when none was given. */
  tz: string;
  metadata: Metadata;
  /** Aborts when the caller gave up: work that takes long (a report) stops, its answer unwanted. */
  signal: AbortSignal;
}

export interface RouteResult {
  data: unknown[];
  headers?: Record<string, string>;
  /** A raw route's answer other than JSON (the reference page and its script). */
  content?: { type: string; body: string | Buffer };
}

export interface Route {
  method: Method;
  /** Segments; `:name` matches one segment. */
  path: string;
  /** Roles allowed; 'public' needs no token. */
  roles: readonly Role[] | 'public';
  timeZoneRequired?: boolean;
  /**
   * The body's schema, by name: routes/bodies.ts (and zod) load with the first request that has a body, so
   * a listing never builds a schema.
   */
  body?: BodyName;
  /** The records' created/updated timestamps are the server's: validated like any field, then dropped. */
  serverStamps?: boolean;
  /** The operation's own section-7 error for an unexpected failure (a 500 INTERNAL otherwise). */
  failure?: ServiceErrorName;
  /** What the OpenAPI document says of the operation: the record schemas of its request and response data. */
  doc?: { summary: string; request?: SchemaName; response?: SchemaName };
  /** Answers with something other than an envelope (the OpenAPI document, the reference page). */
  raw?: boolean;
  handle(ctx: RequestContext, body: unknown): RouteResult | Promise<RouteResult>;
}

// A route's roles come from the authorization table (access.ts), never from the route itself; only a route
// outside the interface may say it is public.
type Declared = Omit<Route, 'roles'> & { roles?: 'public' };

/** Declares a route whose handler receives the body as its schema parsed it. */
export function defineRoute<K extends BodyName>(
  r: Omit<Declared, 'body' | 'handle'> & {
    body: K;
    handle(ctx: RequestContext, body: z.infer<BodySchema<K>>): RouteResult | Promise<RouteResult>;
  },
): Route;
export function defineRoute(r: Omit<Declared, 'body'>): Route;
export function defineRoute(r: Declared): Route {
  return { ...r, roles: r.roles ?? rolesOf(`${r.method} ${r.path}`) };
}
