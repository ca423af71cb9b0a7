/**
 * A service on loopback with a Java service's habits (decisions.md, "What the real service may send"), for
 * the client's tolerant reading: timestamps in every form Java writes, nulls, `metadata: null`, `data: null`
 * on an empty page, fields the interface does not list, no X-Total-Count, a page cap of its own, and error
 * bodies the way Spring Boot, a problem+json library or a gateway write them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Fake, fakeService } from './fake-service.js';

export const JAVA_ORG = '5a1f0c2e-8d4b-4f6a-9c3e-1b2d3e4f5a6b';
export const JAVA_USER = '6b2a1d3f-9e5c-4a7b-8d4f-2c3e4f5a6b7c';
/** The service serves at most this many records a page, whatever pageSize asks. */
export const PAGE_CAP = 7;
export const DEVICE_COUNT = 52;
export const ORG_COUNT = 10;
/** A token the fake refuses with Spring Security's 401 body. */
export const EXPIRED_TOKEN = 'expired-token';

/** The uuid of device `i` (1-based), in listing order. */
export function deviceUuid(i: number): string {
  return `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** An instant in one of the forms a Java service writes, chosen by `form`; IST is UTC+05:30. */
export function javaForm(ms: number, form: number): string | number {
  const utc = new Date(ms);
  const ist = new Date(ms + 330 * 60_000);
  const wall = (d: Date, sep: string) =>
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:` +
    `${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${sep}${pad(d.getUTCMilliseconds(), 3)}`;
  switch (form % 8) {
    case 0:
      return `${wall(ist, '*')}+0530`; // SimpleDateFormat
    case 1:
      return `${wall(ist, '*')}GMT+05:30`; // java.time ZZZZ
    case 2:
      return `${wall(utc, '*')}GMT`; // java.time ZZZZ at UTC
    case 3:
      return `${wall(utc, '.')}Z`;
    case 4:
      return ms; // Jackson's default: epoch milliseconds
    case 5:
      return `${wall(utc, '*')}+0000`;
    case 6:
      return `${wall(ist, '.')}+05:30`;
    default:
      return wall(utc, '.'); // ISO 8601 without an offset: UTC
  }
}

/** Device `i` is created at BASE + i minutes: the listing's order is the order of instants. */
export const BASE_MS = Date.UTC(2026, 10, 18, 10, 0, 0, 123);

export interface JavaDevice {
  [k: string]: unknown;
}

export function javaDevice(i: number, unknownFields: boolean): JavaDevice {
  // Descending forms make text order disagree with instant order (`16:..+0530` sorts after `10:..Z`).
  const created = javaForm(BASE_MS + i * 60_000, 7 - (i % 8));
  return {
    uuid: deviceUuid(i),
    edgeDeviceName: `Gateway ${i}`,
    serialNumber: `JSN-${pad(i, 4)}`,
    ipAdress: `10.0.0.${i}`,
    port: 1880,
    location: i % 3 === 0 ? null : `Hall ${i}`,
    shortDescription: null,
    longDescription: i % 2 === 0 ? undefined : 'a device the service lists',
    noOfdevices: i % 5,
    isActive: true,
    isDisabled: i % 4 === 0 ? null : false,
    orgUUID: JAVA_ORG,
    userUUID: JAVA_USER,
    createdOn: created,
    modifiedOn: i % 2 === 0 ? null : javaForm(BASE_MS + i * 60_000 + 1000, i),
    edgeFlows:
      i % 6 === 0
        ? null
        : [
            {
              uuid: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
              flowId: `flow-${i}`,
              flowName: null,
              flowJSON: '[{"id":"n1","type":"tab"}]',
              isActive: true,
              createdOn: javaForm(BASE_MS, i + 1),
              modifiedOn: null,
              ...(unknownFields ? { revision: 3 } : {}),
            },
          ],
    externalReferences: i % 5 === 0 ? null : [],
    ...(unknownFields ? { tenantId: `tenant-${i % 2}`, audit: { by: 'system' } } : {}),
  };
}

export interface JavaServiceOptions {
  /** Records carry fields the interface does not list (default true). */
  unknownFields?: boolean;
  /** X-Total-Count to send (default none, as Java services often do); a wrong one, for a test that wants it. */
  totalCount?: number;
}

const ENVELOPE_OK = (data: unknown[] | null) => JSON.stringify({ data, metadata: null, statusCode: 'OK' });

function send(res: ServerResponse, status: number, type: string | undefined, body: string): void {
  res.writeHead(status, type ? { 'content-type': type } : {});
  res.end(body);
}

/** Error bodies by the first path segment: `/<kind>/...` answers that kind of failure. */
const ERRORS: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  spring500: (req, res) =>
    send(
      res,
      500,
      'application/json',
      JSON.stringify({
        timestamp: '2026-11-18T11:06:40.123+00:00',
        status: 500,
        error: 'Internal Server Error',
        message: 'Could not open JPA EntityManager for transaction',
        path: req.url?.replace(/^\/spring500/, '').split('?')[0],
      }),
    ),
  problem: (req, res) =>
    send(
      res,
      404,
      'application/problem+json',
      JSON.stringify({
        type: 'https://example.com/problems/no-such-device',
        title: 'Not Found',
        status: 404,
        detail: 'No edge device listing for this tenant',
        instance: req.url?.replace(/^\/problem/, '').split('?')[0],
      }),
    ),
  plain: (_req, res) =>
    send(res, 503, 'text/plain', 'upstream connect error or disconnect/reset before headers'),
  html: (_req, res) =>
    send(
      res,
      502,
      'text/html',
      '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
    ),
  empty: (_req, res) => send(res, 403, undefined, ''),
};

/** Starts the fake; `fake.url` serves the listings, `${fake.url}/<kind>` the error bodies of ERRORS. */
export async function startJavaService(opts: JavaServiceOptions = {}): Promise<Fake> {
  const devices = Array.from({ length: DEVICE_COUNT }, (_, i) =>
    javaDevice(i + 1, opts.unknownFields ?? true),
  );
  const orgs = Array.from({ length: ORG_COUNT }, (_, i) => ({
    uuid: `20000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    orgName: `Plant ${i + 1}`,
    organizationUuid: JAVA_ORG,
    orgAddress: null,
    createdOn: javaForm(BASE_MS + i * 1000, i),
    ...(opts.unknownFields === false ? {} : { region: 'south' }),
  }));
  return fakeService((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [first] = url.pathname.split('/').filter(Boolean);
    const error = first ? ERRORS[first] : undefined;
    if (error) return error(req, res);
    if (req.headers.authorization === `Bearer ${EXPIRED_TOKEN}`) {
      return send(
        res,
        401,
        'application/json',
        JSON.stringify({
          timestamp: '2026-11-18T11:06:40.123+00:00',
          status: 401,
          error: 'Unauthorized',
          path: url.pathname,
        }),
      );
    }
    const page = /^\/edgedevice\/all\/(\d+)$/.exec(url.pathname);
    if (page) {
      // Spring Data's habit: the page size is capped, and the page number counts pages of the capped size.
      const size = Math.min(Number(url.searchParams.get('pageSize') ?? 20), PAGE_CAP);
      const start = Number(page[1]) * size;
      const data = devices.slice(start, start + size);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (opts.totalCount !== undefined) headers['x-total-count'] = String(opts.totalCount);
      res.writeHead(200, headers);
      // The empty page after the last one: `data: null`, as a Java service serializes an absent list.
      return res.end(ENVELOPE_OK(data.length === 0 ? null : data));
    }
    const orgPage = /^\/org\/([^/]+)\/org\/(\d+)$/.exec(url.pathname);
    if (orgPage) {
      const size = Math.min(Number(url.searchParams.get('pageSize') ?? 20), PAGE_CAP);
      const start = Number(orgPage[2]) * size;
      const data = orgPage[1] === JAVA_ORG ? orgs.slice(start, start + size) : [];
      res.writeHead(200, { 'content-type': 'application/json' });
      // No metadata at all, and data null on the empty page.
      return res.end(JSON.stringify({ data: data.length === 0 ? null : data, statusCode: 'OK' }));
    }
    if (/^\/codeTypes\/\d+$/.test(url.pathname)) {
      return send(
        res,
        200,
        'application/json',
        JSON.stringify({
          data: [],
          metadata: null,
          statusCode: 'CCP-CS-004',
          message: 'Error while fetching CodeType',
        }),
      );
    }
    send(
      res,
      404,
      'application/json',
      JSON.stringify({ status: 404, error: 'Not Found', path: url.pathname }),
    );
  });
}
