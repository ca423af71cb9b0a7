// The routes table: which route a request's method and path name, with the path's parameters.
import { ServiceError } from './errors.js';
import type { Route } from './route.js';

interface PathEntry {
  segments: string[];
  byMethod: Map<string, Route>;
}

/** A route with the parameters its path gave. */
export interface Matched {
  route: Route;
  params: Record<string, string>;
}

/** Finds the route of a request; an unknown path is a 404, a known one without the method a 400 (Allow). */
export type Router = (method: string, pathname: string) => Matched;

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

export function router(routes: readonly Route[]): Router {
  const table = buildTable(routes);
  return (method, pathname) => {
    const parts = splitPath(pathname);
    for (const entry of parts ? table : []) {
      const params = match(entry, parts!);
      if (!params) continue;
      const route = entry.byMethod.get(method);
      if (!route) {
        throw new ServiceError('methodNotSupported', undefined, {
          allow: [...entry.byMethod.keys()].join(', '),
        });
      }
      return { route, params };
    }
    throw new ServiceError('notFound');
  };
}
