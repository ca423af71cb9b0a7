// decisions.md: headers within 10 s, a whole request within 30 s, cut within 1.5x of those. The limits are
// shortened here so the suite stays fast; CCP_MEASURE_DEFAULT_TIMEOUTS=1 measures the real 10 s / 30 s once.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createToken,
  importFixture,
  type ServerHandle,
  type Store,
  startServer,
} from '../../../src/server/index.js';
import { DEFAULT_TIMEOUTS, type Timeouts } from '../../../src/server/serve.js';
import { ORG } from '../../fixtures/basic-ids.js';
import { tempStore } from '../store/temp-store.js';

interface Cut {
  /** Milliseconds from the first byte sent to the server closing the connection. */
  ms: number;
  /** What the server wrote before closing. */
  answer: string;
}

/** Opens a connection, sends `head`, then trickles `drip` one byte every `everyMs` until the server cuts it. */
function slowClient(port: number, head: string, drip = '', everyMs = 100): Promise<Cut> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let start = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      start = performance.now();
      socket.write(head);
      let i = 0;
      timer = setInterval(() => {
        if (i < drip.length && socket.writable) socket.write(drip[i++]!);
      }, everyMs);
    });
    socket.on('data', (c) => {
      answer += c.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: performance.now() - start, answer });
    });
    setTimeout(() => reject(new Error('never cut')), 120_000).unref();
  });
}

async function measure(timeouts: Required<Timeouts>, store: Store, token: string) {
  const handle: ServerHandle = await startServer({ store, port: 0, timeouts });
  try {
    // Headers that never end.
    const headers = slowClient(
      handle.port,
      'GET /codeTypes/0?pageSize=1 HTTP/1.1\r\nHost: x\r\n',
      'x'.repeat(10_000),
    );
    // Headers in time, then a body that never ends (1 byte per 100 ms of a declared 10,000).
    const body = slowClient(
      handle.port,
      `POST /notification HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"data":[',
      ' '.repeat(10_000),
    );
    return { headers: await headers, body: await body };
  } finally {
    await handle.close();
  }
}

let t: ReturnType<typeof tempStore>;
let token: string;

beforeAll(async () => {
  t = tempStore();
  await importFixture(t.store, { organizations: [{ uuid: ORG.root, orgName: 'Root' }] });
  token = await createToken(t.store, { orgUuid: ORG.root, role: 'admin' });
});
afterAll(() => t.cleanup());

describe('slow clients are cut within 1.5x of the configured limits', () => {
  it('headers limit 600 ms, request limit 1,500 ms: 408 REQUEST_TIMEOUT, then the connection closes', async () => {
    const limits = { headersMs: 600, requestMs: 1500 };
    const { headers, body } = await measure(limits, t.store, token);
    console.log(
      `[timeouts] headers: limit ${limits.headersMs} ms, cut at ${headers.ms.toFixed(0)} ms; ` +
        `request: limit ${limits.requestMs} ms, cut at ${body.ms.toFixed(0)} ms`,
    );
    expect(headers.answer).toMatch(/^HTTP\/1\.1 408 .*"statusCode":"REQUEST_TIMEOUT"/s);
    expect(body.answer).toMatch(/^HTTP\/1\.1 408 .*"statusCode":"REQUEST_TIMEOUT"/s);
    expect(headers.ms).toBeGreaterThanOrEqual(limits.headersMs - 20);
    expect(headers.ms).toBeLessThanOrEqual(limits.headersMs * 1.5);
    expect(body.ms).toBeGreaterThanOrEqual(limits.requestMs - 20);
    expect(body.ms).toBeLessThanOrEqual(limits.requestMs * 1.5);
  });

  it('a client that sends in time is served (the limits cut only the slow)', async () => {
    const handle = await startServer({
      store: t.store,
      port: 0,
      timeouts: { headersMs: 600, requestMs: 1500 },
    });
    try {
      const res = await fetch(`${handle.url}/codeTypes/0?pageSize=1`, {
        headers: { authorization: `Bearer ${token}`, time_zone: 'UTC' },
      });
      expect(res.status).toBe(200);
    } finally {
      await handle.close();
    }
  });

  it.runIf(process.env.CCP_MEASURE_DEFAULT_TIMEOUTS === '1')(
    'the real defaults, 10 s and 30 s',
    async () => {
      const { headers, body } = await measure({ ...DEFAULT_TIMEOUTS }, t.store, token);
      console.log(
        `[timeouts] defaults: headers limit ${DEFAULT_TIMEOUTS.headersMs} ms, cut at ${headers.ms.toFixed(0)} ms; ` +
          `request limit ${DEFAULT_TIMEOUTS.requestMs} ms, cut at ${body.ms.toFixed(0)} ms`,
      );
      expect(headers.ms).toBeLessThanOrEqual(DEFAULT_TIMEOUTS.headersMs * 1.5);
      expect(body.ms).toBeLessThanOrEqual(DEFAULT_TIMEOUTS.requestMs * 1.5);
    },
    60_000,
  );
});
