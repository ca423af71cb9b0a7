// The service called in process (what the embedded default uses) answers every request as the same service
// behind node:http does: two real servers over two SQLite files made from one fixture, the same requests to
// the one over its loopback socket and to the other in process, and the answers compared whole.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/index.js';
import { type InProcessService, inProcessService } from '../../src/server/index.js';
import { CODE, DEVICE, LICENSE, NOTIFICATION, ORG, USER } from '../fixtures/basic-ids.js';
import { envelope, FIXED_NOW, startTestServer, type TestServer } from '../helpers/server.js';

let http: TestServer;
let local: TestServer;
let call: InProcessService;
// A third, sent each body's value with its text: the service takes the value instead of parsing the text.
let handedServer: TestServer;
let handedCall: InProcessService;

beforeAll(async () => {
  http = await startTestServer({ clock: fixedClock(FIXED_NOW) });
  local = await startTestServer({ clock: fixedClock(FIXED_NOW) });
  call = inProcessService({ store: local.store, clock: fixedClock(FIXED_NOW) });
  handedServer = await startTestServer({ clock: fixedClock(FIXED_NOW) });
  handedCall = inProcessService({ store: handedServer.store, clock: fixedClock(FIXED_NOW) });
});
afterAll(async () => {
  await http?.close();
  await local?.close();
  await handedServer?.close();
});

type Who = 'admin' | 'viewer' | 'none' | 'bad';

interface Case {
  what: string;
  method: string;
  url: string;
  who?: Who;
  headers?: Record<string, string>;
  body?: string;
}

function headersFor(c: Case, srv: TestServer): Record<string, string> {
  const h: Record<string, string> = { accept: 'application/json', time_zone: 'UTC' };
  const who = c.who ?? 'admin';
  if (who === 'bad') h.authorization = 'Bearer ccp_not-a-token';
  else if (who !== 'none') h.authorization = `Bearer ${srv.tokens[who]}`;
  if (c.body !== undefined) h['content-type'] = 'application/json';
  return { ...h, ...c.headers };
}

// What only a connection has: the HTTP date and the connection's keep-alive.
const CONNECTION_HEADERS = ['date', 'connection', 'keep-alive'];

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The answer without what only a connection has, its body parsed when it is JSON. */
function comparable(status: number, headers: Record<string, string>, text: string, keep: string[]): Answer {
  const h: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers))
    if (!CONNECTION_HEADERS.includes(k) || keep.includes(k)) h[k] = v;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status, headers: h, body };
}

async function overSocket(c: Case): Promise<Answer> {
  const res = await request(`${http.url}${c.url}`, {
    method: c.method as 'GET',
    headers: headersFor(c, http),
    body: c.body,
  });
  const text = await res.body.text();
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers[k] = v;
  // A refused request's connection is closed: the header says so on both paths.
  return comparable(res.statusCode, headers, text, headers.connection === 'close' ? ['connection'] : []);
}

async function inProcess(c: Case): Promise<Answer> {
  const r = await call({ method: c.method, url: c.url, headers: headersFor(c, local), body: c.body });
  return comparable(r.status, r.headers, r.text, ['connection']);
}

/** In process, the body's value handed over with its text (what the CLI's client does). */
async function handedOver(c: Case): Promise<Answer> {
  let json: unknown;
  try {
    json = c.body === undefined ? undefined : JSON.parse(c.body);
  } catch {}
  const r = await handedCall({
    method: c.method,
    url: c.url,
    headers: headersFor(c, handedServer),
    body: c.body,
    json,
  });
  return comparable(r.status, r.headers, r.text, ['connection']);
}

const add = (records: unknown[]) => JSON.stringify(envelope(records));
const device = (serial: string, extra: object = {}) => ({
  edgeDeviceName: `gateway ${serial}`,
  serialNumber: serial,
  ipAdress: '10.0.0.9',
  port: 1883,
  ...extra,
});
const addPath = `/edgedevice/org/${ORG.sub2}/user/${USER.admin}/add`;

const CASES: Case[] = [
  { what: 'a listing page', method: 'GET', url: '/edgedevice/all/0?pageSize=3' },
  { what: 'a page past the end', method: 'GET', url: '/edgedevice/all/99?pageSize=3' },
  { what: 'a page size out of range', method: 'GET', url: '/edgedevice/all/0?pageSize=0' },
  { what: 'a listing without its page number', method: 'GET', url: '/edgedevice/all' },
  { what: 'an unknown path', method: 'GET', url: '/no/such/path' },
  { what: 'a known path, another method', method: 'PUT', url: '/edgedevice/all/0' },
  { what: 'no token', method: 'GET', url: '/edgedevice/all/0?pageSize=3', who: 'none' },
  { what: 'an unknown token', method: 'GET', url: '/edgedevice/all/0?pageSize=3', who: 'bad' },
  { what: 'an unknown time zone', method: 'GET', url: '/codes', headers: { time_zone: 'Mars/Base' } },
  { what: 'a viewer writing', method: 'POST', url: addPath, who: 'viewer', body: add([device('SN-V')]) },
  { what: 'an add', method: 'POST', url: addPath, body: add([device('SN-IP-1')]) },
  { what: 'the same add again (a clash)', method: 'POST', url: addPath, body: add([device('SN-IP-1')]) },
  { what: 'a field out of range', method: 'POST', url: addPath, body: add([device('SN-P', { port: 0 })]) },
  { what: 'a body that is not JSON', method: 'POST', url: addPath, body: '{"data": [' },
  {
    what: 'another content type',
    method: 'POST',
    url: addPath,
    body: add([device('SN-T')]),
    headers: { 'content-type': 'text/plain' },
  },
  { what: 'a body over 1 MiB', method: 'POST', url: addPath, body: `{"pad":"${'x'.repeat(1_100_000)}"}` },
  {
    what: '1,001 records',
    method: 'POST',
    url: addPath,
    body: add(Array.from({ length: 1001 }, (_, i) => device(`SN-M-${i}`))),
  },
  {
    what: 'a request line past the parser limit',
    method: 'GET',
    url: `/edgedevice/all/${'9'.repeat(17_000)}`,
  },
  {
    what: 'headers past the parser limit',
    method: 'GET',
    url: '/edgedevice/all/0?pageSize=3',
    headers: { 'x-pad': 'p'.repeat(17_000) },
  },
  { what: 'the OpenAPI document', method: 'GET', url: '/openapi.json', who: 'none' },
  { what: 'the reference page', method: 'GET', url: '/docs', who: 'none' },
];

describe('in process, the service answers as over its socket', () => {
  it.each(CASES.map((c) => [c.what, c] as const))('%s', async (_what, c) => {
    const socket = await overSocket(c);
    const local = await inProcess(c);
    const handed = await handedOver(c);
    if (c.what === 'an add') {
      // Each server makes the new device's uuid: compare everything else.
      const records = (a: Answer) => (a.body as { data: { uuid: string }[] }).data;
      expect(records(local)[0]!.uuid).toMatch(/^[0-9a-f-]{36}$/);
      for (const a of [socket, local, handed]) for (const r of records(a)) r.uuid = 'made by the server';
    }
    expect(local).toEqual(socket);
    expect(handed).toEqual(socket);
    // Not vacuous: the statuses are those the case is about.
    expect(socket.status).toBeGreaterThan(0);
  });

  it('covers successes and each kind of refusal', async () => {
    const statuses = new Set<number>();
    for (const c of CASES.slice(0, 9)) statuses.add((await inProcess(c)).status);
    expect([...statuses].sort()).toEqual([200, 400, 401, 404, 406]);
    const big = await inProcess(CASES.find((c) => c.what === 'a body over 1 MiB')!);
    expect(big.status).toBe(413);
    const line = await inProcess(CASES.find((c) => c.what === 'a request line past the parser limit')!);
    expect(line.status).toBe(414);
    const headers = await inProcess(CASES.find((c) => c.what === 'headers past the parser limit')!);
    expect(headers.status).toBe(431);
  });
});

// Every operation, answered: what the in-process caller takes as the answer's value is what its text says
// (no field holding undefined, no value JSON would turn into another), and the text is made only if read.
const EVERY_OPERATION: Case[] = [
  { what: 'edge devices, a page', method: 'GET', url: '/edgedevice/all/0?pageSize=5' },
  { what: 'edge devices, added', method: 'POST', url: addPath, body: add([device('SN-EV-1', { port: 2 })]) },
  {
    what: 'flows, pushed',
    method: 'POST',
    url: '/edgedevice/push',
    body: add([
      {
        uuid: DEVICE.gateway1,
        edgeFlows: [{ flowId: 'f-ev', flowName: 'Every', flowJSON: '{"a":[1]}', isActive: true }],
      },
    ]),
  },
  { what: 'a license, deactivated', method: 'PUT', url: `/license/${LICENSE.active}/deactivate` },
  { what: 'a license, activated', method: 'PUT', url: `/license/${LICENSE.expired}/activate` },
  {
    what: 'notifications, saved',
    method: 'POST',
    url: '/notification',
    body: add([{ type: 'WEBHOOK', notificationOptions: [{ attributeName: 'url', attributeValue: 'x' }] }]),
  },
  {
    what: 'notifications, changed',
    method: 'PUT',
    url: '/notification',
    body: add([{ uuid: NOTIFICATION.email, isActive: false }]),
  },
  {
    what: 'notifications, configured',
    method: 'POST',
    url: '/notification/configure',
    body: add([{ notificationUuid: NOTIFICATION.sms, roleUuid: ORG.sub3, isLinked: true }]),
  },
  { what: 'organizations, a page', method: 'GET', url: `/org/${ORG.root}/org/0?pageSize=5` },
  {
    what: 'organizations, updated',
    method: 'PUT',
    url: '/org/update',
    body: add([{ uuid: ORG.sub3, orgName: 'North', orgAddress: { city: 'Oslo' } }]),
  },
  {
    what: 'options, added',
    method: 'POST',
    url: `/org/options/org/${ORG.sub1}/add`,
    body: add([{ key: 'theme', value: 'dark' }]),
  },
  { what: 'a code', method: 'POST', url: '/codes', body: add([{ uuid: CODE.gateway }]) },
  { what: 'code types, a page', method: 'GET', url: '/codeTypes/0?pageSize=5' },
  { what: 'a refusal', method: 'GET', url: '/edgedevice/all/0?pageSize=5', who: 'bad' },
];

describe('in process, the value handed over is what the text says', () => {
  it.each(EVERY_OPERATION.map((c) => [c.what, c] as const))('%s', async (_what, c) => {
    const r = await call({ method: c.method, url: c.url, headers: headersFor(c, local), body: c.body });
    expect(r.json).toBeDefined();
    const value = r.json;
    // toStrictEqual tells a field holding undefined from an absent one, and a class from a plain object.
    expect(JSON.parse(r.text)).toStrictEqual(value);
    expect(r.headers['content-length']).toBe(String(Buffer.byteLength(r.text)));
    if (!c.who) expect((value as { statusCode: string }).statusCode).toBe('OK');
  });

  it('answers that are no envelope (the OpenAPI document, the reference page) are text only', async () => {
    for (const c of CASES.filter((k) => k.url === '/openapi.json' || k.url === '/docs')) {
      const r = await call({ method: c.method, url: c.url, headers: headersFor(c, local) });
      expect(r.json).toBeUndefined();
      expect(r.text.length).toBeGreaterThan(100);
    }
  });
});

describe('in process, a body handed over as its value', () => {
  const devices = (serial: string) => [
    {
      ...device(serial),
      createdOn: '2001-01-01T00:00:00*000+0000',
      edgeFlows: [{ flowId: 'f1', flowName: 'One', flowJSON: '{}', modifiedOn: 12 }],
    },
  ];

  /** An add whose body is handed over as `value`, with the text JSON makes of it. */
  const addHanded = (value: unknown) =>
    handedCall({
      method: 'POST',
      url: addPath,
      headers: headersFor({ what: '', method: 'POST', url: addPath, body: '' }, handedServer),
      body: JSON.stringify(value),
      json: value,
    });

  it('is never changed by the service, which still drops the stamps it holds', async () => {
    const value = envelope(devices('SN-HV-1'));
    const before = structuredClone(value);
    const r = await addHanded(value);
    expect(r.status).toBe(200);
    expect(value).toStrictEqual(before);
    const [saved] = (r.json as { data: { createdOn: string; edgeFlows: { modifiedOn: string }[] }[] }).data;
    expect(saved!.createdOn).not.toMatch(/^2001-/);
    expect(saved!.edgeFlows[0]!.modifiedOn).not.toBe(12);
  });

  it('is taken without its text when its bound is within the limit; past it, its text is measured (413)', async () => {
    const value = envelope(devices('SN-HV-3'));
    let reads = 0;
    const r = await handedCall({
      method: 'POST',
      url: addPath,
      headers: headersFor({ what: '', method: 'POST', url: addPath, body: '' }, handedServer),
      get body() {
        reads++;
        return JSON.stringify(value);
      },
      json: value,
    });
    expect((r.json as { statusCode: string }).statusCode).toBe('OK');
    expect(reads).toBe(0);
    const big = envelope([{ ...device('SN-HV-4'), location: 'x'.repeat(1_100_000) }]);
    const refused = await addHanded(big);
    expect(refused.status).toBe(413);
  });

  it('is read from its text when it holds what JSON has no way to say (NaN here, null in the text)', async () => {
    const r = await addHanded(envelope([{ ...device('SN-HV-2'), port: Number.NaN }]));
    // Taken as it is, NaN would be a 406 (port: expected a number); the text says null, which is valid.
    expect((r.json as { statusCode: string }).statusCode).toBe('OK');
    expect((r.json as { data: { port: unknown }[] }).data[0]!.port).toBeNull();
  });
});
