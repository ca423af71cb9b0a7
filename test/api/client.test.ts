import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ApiClientOptions, type Transport } from '../../src/api/client.js';
import {
  ApiError,
  AuthError,
  NetworkError,
  NotFoundError,
  OffOriginError,
} from '../../src/api/request-errors.js';
import { cliVersion } from '../../src/kit/version.js';
import { until } from '../helpers/until.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: Seen, res: ServerResponse) => void;

// A scripted HTTP server on loopback: each test sets how it answers and reads what it received.
let server: Server;
let baseUrl: string;
let handler: Handler = (_req, res) => res.end();
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(s);
      handler(s, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

afterEach(() => {
  seen.length = 0;
});

const TOKEN = 'ccp_abcdefghijklmnopqrstuvwxyz0123456789WXYZ';
const clients: ApiClient[] = [];
afterAll(async () => {
  for (const c of clients) await c.close();
});

function client(opts: Partial<ApiClientOptions> = {}): ApiClient & { delays: number[] } {
  const delays: number[] = [];
  const c = new ApiClient({
    baseUrl,
    token: TOKEN,
    timeZone: 'Asia/Kolkata',
    orgUuid: 'a0000000-0000-4000-8000-000000000001',
    userUuid: 'b0000000-0000-4000-8000-000000000001',
    timeoutMs: 2000,
    userAgent: `ccp/${cliVersion()}`,
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 1,
    ...opts,
  });
  clients.push(c);
  return Object.assign(c, { delays });
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const ok = (data: unknown[] = []) => ({ data, metadata: {}, statusCode: 'OK' });
const failure = (code: string, reason: string) => ({
  data: [],
  metadata: {},
  statusCode: code,
  reason: `${code} ${reason}`,
});

describe('ApiClient request', () => {
  it('refuses the headers undici refuses, on every transport alike, before anything is sent', async () => {
    seen.length = 0;
    const handed: unknown[] = [];
    // As the embedded server's transport: whatever reaches it is answered.
    const inProcess: Transport = {
      async request(r) {
        handed.push(r);
        return { status: 200, headers: { 'content-type': 'application/json' }, text: JSON.stringify(ok()) };
      },
      async close() {},
    };
    for (const header of [
      ['transfer-encoding', 'chunked'],
      ['keep-alive', 'x'],
      ['upgrade', 'x'],
      ['expect', '100-continue'],
      ['x-note', 'a\nb'],
    ] as Array<[string, string]>) {
      for (const c of [client({ headers: [header] }), client({ headers: [header], transport: inProcess })]) {
        const err = await c.request('GET', '/codes').catch((e: unknown) => e);
        expect(err, header[0]).toBeInstanceOf(NetworkError);
        expect((err as Error).message, header[0]).toContain(`invalid ${header[0]} header`);
      }
    }
    expect(seen).toEqual([]);
    expect(handed).toEqual([]);
  });

  it('sends time_zone, User-Agent, Bearer and the envelope with the resolved org and user', async () => {
    handler = (_r, res) => json(res, 200, ok([{ uuid: 'x' }]));
    const ex = await client().request('POST', '/codes', { records: [{ uuid: 'c1' }] });
    expect(ex.envelope.data).toEqual([{ uuid: 'x' }]);
    const req = seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/codes');
    expect(req.headers.time_zone).toBe('Asia/Kolkata');
    expect(req.headers['user-agent']).toBe(`ccp/${cliVersion()}`);
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual({
      data: [{ uuid: 'c1' }],
      metadata: {
        fileCodeUuid: '',
        orgUuid: 'a0000000-0000-4000-8000-000000000001',
        userUuid: 'b0000000-0000-4000-8000-000000000001',
      },
    });
  });

  it('sends no body on GET, and the query string', async () => {
    handler = (_r, res) => json(res, 200, ok());
    await client().request('GET', '/edgedevice/all/3', { query: { pageSize: 7 } });
    expect(seen[0]!.url).toBe('/edgedevice/all/3?pageSize=7');
    expect(seen[0]!.body).toBe('');
    expect(seen[0]!.headers['content-type']).toBeUndefined();
  });

  it('keeps a whole envelope given as body, filling only missing metadata', async () => {
    handler = (_r, res) => json(res, 200, ok());
    await client().exchange('PUT', '/org/update', {
      body: { data: [{ uuid: 'o' }], metadata: { orgUuid: 'a0000000-0000-4000-8000-00000000000f' } },
    });
    expect(JSON.parse(seen[0]!.body)).toEqual({
      data: [{ uuid: 'o' }],
      metadata: {
        fileCodeUuid: '',
        orgUuid: 'a0000000-0000-4000-8000-00000000000f',
        userUuid: 'b0000000-0000-4000-8000-000000000001',
      },
    });
  });

  it('treats a non-OK statusCode at HTTP 200 as an ApiError carrying the code and reason', async () => {
    handler = (_r, res) => json(res, 200, failure('CCP-CS-001', 'Error while fetching Code'));
    const err = await client()
      .request('POST', '/codes', { records: [{ uuid: 'c' }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).not.toBeInstanceOf(AuthError);
    // The interface's answer that the code does not exist: not found (exit 4), though HTTP said 200.
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({
      code: 'CCP-CS-001',
      reason: 'Error while fetching Code',
      httpStatus: 200,
    });
  });

  it.each([
    [401, 'UNAUTHORIZED', AuthError],
    [403, 'FORBIDDEN', AuthError],
    [404, 'NOT_FOUND', NotFoundError],
    [406, 'CCP-BV-001', ApiError],
    [400, 'CCP-HTTP-003', ApiError],
  ])('maps HTTP %i to %s', async (status, code, type) => {
    handler = (_r, res) => json(res, status, failure(code, 'text of the reason'));
    const err = await client()
      .request('PUT', '/license/x/activate')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(type);
    expect(err).toMatchObject({ code, reason: 'text of the reason', httpStatus: status });
  });

  it('turns a body that is not JSON into an ApiError with the HTTP status, quoting the page', async () => {
    handler = (_r, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html>Internal Server Error</html>');
    };
    const err = await client()
      .request('POST', '/codes')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ httpStatus: 500, code: 'HTTP_500' });
    expect((err as ApiError).reason).toBe('an HTML page: Internal Server Error');
  });
});

describe('ApiClient retries', () => {
  it('retries GET on 503 with exponential backoff and full jitter, then succeeds', async () => {
    let n = 0;
    handler = (_r, res) =>
      ++n < 3 ? json(res, 503, failure('UNAVAILABLE', 'busy')) : json(res, 200, ok([1]));
    const c = client({ random: () => 0.5 });
    const ex = await c.request('GET', '/codeTypes/0');
    expect(ex.envelope.data).toEqual([1]);
    expect(seen).toHaveLength(3);
    // random() * min(cap, 200 * 2^attempt)
    expect(c.delays).toEqual([100, 200]);
  });

  it('gives up after the configured retries with the last answer', async () => {
    handler = (_r, res) => json(res, 502, failure('BAD_GATEWAY', 'upstream down'));
    const c = client({ retries: 2 });
    const err = await c.request('GET', '/codeTypes/0').catch((e: unknown) => e);
    expect(seen).toHaveLength(3);
    expect(c.delays).toEqual([200, 400]);
    expect(err).toMatchObject({ code: 'BAD_GATEWAY', httpStatus: 502 });
  });

  it('caps the backoff', async () => {
    handler = (_r, res) => json(res, 504, failure('GATEWAY_TIMEOUT', 'slow'));
    const c = client({ retries: 4, backoffBaseMs: 1000, backoffCapMs: 3000, timeoutMs: 60_000 });
    await c.request('PUT', '/license/x/activate').catch(() => undefined);
    expect(c.delays).toEqual([1000, 2000, 3000, 3000]);
  });

  it('never retries POST, even on 503', async () => {
    handler = (_r, res) => json(res, 503, failure('UNAVAILABLE', 'busy'));
    const c = client();
    await expect(c.request('POST', '/edgedevice/push')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
    expect(c.delays).toEqual([]);
  });

  it('does not retry other statuses (500, 404)', async () => {
    handler = (_r, res) => json(res, 500, failure('INTERNAL', 'boom'));
    await expect(client().request('GET', '/codeTypes/0')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
  });

  it('retries GET on a dropped connection, not POST', async () => {
    let n = 0;
    handler = (_r, res) => {
      if (++n === 1) res.socket?.destroy();
      else json(res, 200, ok());
    };
    await client().request('GET', '/edgedevice/all/0');
    expect(seen).toHaveLength(2);

    seen.length = 0;
    handler = (_r, res) => res.socket?.destroy();
    const err = await client()
      .request('POST', '/codes')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(seen).toHaveLength(1);
  });
});

describe('ApiClient retry budget', () => {
  it('starts a retry only while a whole timeout still fits in twice the timeout', async () => {
    handler = (_r, res) => json(res, 503, failure('UNAVAILABLE', 'busy'));
    let t = 0;
    const delays: number[] = [];
    const c = client({
      timeoutMs: 1000,
      backoffBaseMs: 300,
      retries: 5,
      now: () => t,
      sleep: async (ms) => {
        delays.push(ms);
        t += ms;
      },
    });
    const err = await c.request('GET', '/codeTypes/0').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'UNAVAILABLE', httpStatus: 503 });
    // 0 + 300 + 1000 <= 2000, 300 + 600 + 1000 <= 2000, then 900 + 1200 + 1000 > 2000
    expect(delays).toEqual([300, 600]);
    expect(seen).toHaveLength(3);
  });

  it('does not retry a timeout: it already cost a whole timeout', async () => {
    handler = () => {};
    const c = client({ timeoutMs: 150 });
    const err = await c.request('GET', '/codeTypes/0').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'TIMEOUT' });
    expect(seen).toHaveLength(1);
    expect(c.delays).toEqual([]);
  });
});

describe('ApiClient outcome of a lost answer', () => {
  it('a POST whose connection closed after sending is outcome unknown', async () => {
    handler = (_r, res) => res.socket?.destroy();
    const err = await client()
      .request('POST', '/codes', { records: [{ uuid: 'c' }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ outcomeUnknown: true });
    expect((err as Error).message).toMatch(/may have applied it/);
  });

  it('a POST that timed out after sending is outcome unknown', async () => {
    handler = () => {};
    const err = await client({ timeoutMs: 150 })
      .request('POST', '/codes')
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'TIMEOUT', outcomeUnknown: true });
  });

  it('a request cancelled through the signal says so, and whether it went out', async () => {
    handler = () => {};
    const ctl = new AbortController();
    const pending = client({ signal: ctl.signal })
      .request('POST', '/codes')
      .catch((e: unknown) => e);
    setTimeout(() => ctl.abort(new Error('user')), 100);
    expect(await pending).toMatchObject({ code: 'CANCELLED', outcomeUnknown: true });
  });
});

describe('ApiClient errors name what the command acted on', () => {
  it('adds the subject to a service error that does not name it', async () => {
    handler = (_r, res) =>
      json(res, 404, failure('NOT_FOUND', 'The resource you were trying to reach is not found'));
    const err = await client()
      .request('PUT', '/license/x/activate', { subject: 'license 0a2002f1-2a6d-4593-9093-1047c8478da9' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as Error).message).toBe(
      'The resource you were trying to reach is not found: license 0a2002f1-2a6d-4593-9093-1047c8478da9',
    );
    expect((err as ApiError).reason).toBe('The resource you were trying to reach is not found');
  });

  it('does not repeat a subject the reason already names', async () => {
    handler = (_r, res) => json(res, 404, failure('NOT_FOUND', 'Not found: license abc-123'));
    const err = await client()
      .request('PUT', '/license/abc-123/activate', { subject: 'license abc-123' })
      .catch((e: unknown) => e);
    expect((err as Error).message).toBe('Not found: license abc-123');
  });
});

describe('ApiClient network failures', () => {
  it('times out a request that gets no answer (exit 5)', async () => {
    handler = () => {
      // never answers
    };
    const started = Date.now();
    const err = await client({ timeoutMs: 150, retries: 0 })
      .request('GET', '/edgedevice/all/0')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ code: 'TIMEOUT' });
    expect((err as Error).message).toMatch(/within 150 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reports a refused connection (exit 5)', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const err = await client({ baseUrl: `http://127.0.0.1:${port}`, retries: 1 })
      .request('GET', '/codeTypes/0')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ code: 'ECONNREFUSED', outcomeUnknown: false });
    expect((err as Error).message).toBe(`cannot connect to http://127.0.0.1:${port}: connection refused`);
  });
});

describe('ApiClient --verbose trace', () => {
  it('traces method, URL, status, time and headers, with the token redacted', async () => {
    handler = (_r, res) => json(res, 200, ok(), { 'x-total-count': '0' });
    const lines: string[] = [];
    await client({ trace: (l) => lines.push(l) }).request('GET', '/codeTypes/0', { query: { pageSize: 5 } });
    const text = lines.join('\n');
    expect(text).toContain(`> GET ${baseUrl}/codeTypes/0?pageSize=5`);
    expect(text).toContain('> time_zone: Asia/Kolkata');
    expect(text).toContain('> authorization: Bearer [redacted]');
    expect(text).toMatch(/< 200 \(\d+ ms\)/);
    expect(text).toContain('< x-total-count: 0');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(TOKEN.slice(4, 20));
    expect(text).not.toContain('WXYZ');
  });

  it('shows no part of a secret: basic as its user alone, secret-named headers, userinfo, the token anywhere', async () => {
    handler = (_r, res) =>
      json(res, 200, ok(), {
        location: 'http://ops:hunter22@files.example.test/x?t=ops:pa55w0rd-s3cret',
        'x-session': 'sess-abcdef123456',
      });
    const lines: string[] = [];
    await client({
      token: 'ops:pa55w0rd-s3cret',
      authScheme: { kind: 'basic' },
      headers: [
        ['X-Auth', 'xa-0123456789'],
        ['X-Credential', 'cred-0123456789'],
        ['Proxy-Authorization', 'Basic cHJveHk6cHJveHlwYXNz'],
        ['X-Tenant', 'acme'],
      ],
      trace: (l) => lines.push(l),
    }).request('GET', '/codeTypes/0');
    const text = lines.join('\n');
    expect(lines).toContain('> authorization: Basic ops:[redacted]');
    expect(lines).toContain('> proxy-authorization: Basic proxy:[redacted]');
    expect(lines).toContain('> x-auth: [redacted]');
    expect(lines).toContain('> x-credential: [redacted]');
    expect(lines).toContain('< x-session: [redacted]');
    expect(lines).toContain('> x-tenant: acme');
    expect(text).toContain('< location: http://[redacted]@files.example.test/x?t=[redacted]');
    const basic = Buffer.from('ops:pa55w0rd-s3cret').toString('base64');
    for (const secret of [
      'pa55w0rd',
      basic.slice(-3),
      'xa-01',
      'cred-01',
      'cHJveHk6',
      'proxypass',
      'hunter22',
      'sess-',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('redacts the token of a header scheme whose name says nothing, both ways', async () => {
    const key = 'custom-0123456789';
    handler = (_r, res) => json(res, 200, ok(), { 'x-custom-name': 'abc' });
    const lines: string[] = [];
    await client({
      token: key,
      authScheme: { kind: 'header', name: 'X-Custom-Name' },
      trace: (l) => lines.push(l),
    }).request('GET', '/codeTypes/0');
    expect(seen[0]!.headers['x-custom-name']).toBe(key);
    expect(lines).toContain('> x-custom-name: [redacted]');
    expect(lines).toContain('< x-custom-name: [redacted]');
    expect(lines.join('\n')).not.toContain('0123456789');
  });
});

describe('ApiClient headers and auth schemes', () => {
  const KEY = 'k3y-0123456789abcdef-9876';

  it('adds -H headers to every request; the token goes where its scheme says', async () => {
    handler = (_r, res) => json(res, 200, ok());
    await client({ headers: [['X-Tenant', 'acme']] }).request('GET', '/codeTypes/0');
    expect(seen[0]!.headers['x-tenant']).toBe('acme');
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    await client({ token: KEY, authScheme: { kind: 'header', name: 'X-Api-Key' } }).request(
      'GET',
      '/codeTypes/0',
    );
    expect(seen[1]!.headers['x-api-key']).toBe(KEY);
    expect(seen[1]!.headers.authorization).toBeUndefined();
    await client({ token: 'ops:pa55', authScheme: { kind: 'basic' } }).request('GET', '/codeTypes/0');
    expect(seen[2]!.headers.authorization).toBe(`Basic ${Buffer.from('ops:pa55').toString('base64')}`);
  });

  it('--verbose redacts the token wherever it goes and any header whose name says it is secret', async () => {
    handler = (_r, res) => json(res, 200, ok(), { 'set-cookie': 'session=s3cr3t-session-value-1234' });
    const lines: string[] = [];
    await client({
      token: KEY,
      authScheme: { kind: 'header', name: 'X-Api-Key' },
      headers: [
        ['X-Tenant', 'acme'],
        ['Cookie', 'sid=abcdefghijklmnop-5678'],
        ['X-Client-Secret', 'shh-0123456789abcdef'],
      ],
      trace: (l) => lines.push(l),
    }).request('GET', '/codeTypes/0');
    const text = lines.join('\n');
    expect(text).toContain('> x-tenant: acme');
    expect(text).toContain('> x-api-key: [redacted]');
    for (const secret of [KEY, 'abcdefghijklmnop', 'shh-0123456789', 's3cr3t-session']) {
      expect(text).not.toContain(secret);
    }
  });

  it('--verbose redacts a short token in a header whose name says nothing', async () => {
    handler = (_r, res) => json(res, 200, ok());
    const lines: string[] = [];
    await client({
      token: 'x7q',
      authScheme: { kind: 'header', name: 'X-Auth' },
      trace: (l) => lines.push(l),
    }).request('GET', '/codeTypes/0');
    expect(lines).toContain('> x-auth: [redacted]');
    expect(lines).toContain('> accept: application/json');
  });
});

describe('ApiClient paginate', () => {
  it('walks <path>/<pageNo>?pageSize=N and reports X-Total-Count', async () => {
    handler = (r, res) => {
      const page = Number(r.url.split('/')[3]!.split('?')[0]);
      const data = page < 2 ? [{ n: page * 2 }, { n: page * 2 + 1 }] : [{ n: 4 }];
      json(res, 200, ok(data), { 'x-total-count': '5' });
    };
    const progress: Array<number | undefined> = [];
    const got: unknown[] = [];
    for await (const r of client().paginate('/edgedevice/all', {
      pageSize: 2,
      all: true,
      onPage: (_n, t) => progress.push(t),
    }))
      got.push(r);
    expect(got).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    expect(seen.map((s) => s.url)).toEqual([
      '/edgedevice/all/0?pageSize=2',
      '/edgedevice/all/1?pageSize=2',
      '/edgedevice/all/2?pageSize=2',
    ]);
    expect(progress).toEqual([5, 5, 5]);
  });

  it('without X-Total-Count, asks for the next page of a whole walk while the records of a full one are read', async () => {
    handler = (r, res) => {
      if (r.url === '/ping') return json(res, 200, ok([]));
      const page = Number(r.url.split('/')[3]!.split('?')[0]);
      json(res, 200, ok(page < 1 ? [{ n: 0 }, { n: 1 }] : [{ n: 2 }]));
    };
    const walk = client({ parallel: 4 }).paginate('/edgedevice/all', { pageSize: 2, all: true });
    expect((await walk.next()).value).toEqual({ n: 0 });
    await until(() => seen.length >= 2, 'the page ahead');
    // A round trip of its own after the page ahead was asked for: a third page, had it been asked for at
    // once, would have reached the server before it.
    await fetch(`${baseUrl}/ping`);
    // One page ahead only: the length is not known.
    expect(seen.map((s) => s.url)).toEqual([
      '/edgedevice/all/0?pageSize=2',
      '/edgedevice/all/1?pageSize=2',
      '/ping',
    ]);
    seen.pop();
    const rest: unknown[] = [];
    for await (const r of walk) rest.push(r);
    expect(rest).toEqual([{ n: 1 }, { n: 2 }]);
    // A short page after full ones: one more request tells the end from a cap of the service's own.
    expect(seen).toHaveLength(3);
  });
});

describe("credentials go to the base URL's origin alone", () => {
  it('refuses a path that resolves to another origin before sending anything, token and headers included', async () => {
    const heard: IncomingMessage['headers'][] = [];
    const elsewhere = createServer((req, res) => {
      heard.push(req.headers);
      res.end('{}');
    });
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r));
    const host = `127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    try {
      const c = client({ headers: [['X-Api-Secret', 's3cret-header']] });
      for (const path of [` http://${host}/x`, `\thttp://${host}/x`, `http:\\\\${host}/x`, `///${host}/x`]) {
        await expect(c.send('GET', path), JSON.stringify(path)).rejects.toBeInstanceOf(OffOriginError);
      }
      expect(heard).toEqual([]);
      expect(seen).toEqual([]);
    } finally {
      elsewhere.closeAllConnections();
      await new Promise((r) => elsewhere.close(r));
    }
  });
});
