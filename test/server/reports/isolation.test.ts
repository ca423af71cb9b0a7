// Reports never stall the other requests (decisions.md, POST /download): while a report of tens of thousands of
// devices renders, a listing on another connection still answers within 1 s; at most REPORT_WORKERS reports
// render at once and the rest wait their turn. The 100,000-device PDF is measured by `npm run bench -- reports`.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_ORG, deviceDatabase } from '../../../bench/lib/devices.js';
import { createToken, type ServerHandle, type Store, startServer } from '../../../src/server/index.js';
import { REPORT_WORKERS, reportPoolStats } from '../../../src/server/reports/pool.js';

const DEVICES = Number(process.env.CCP_ISOLATION_DEVICES ?? 50_000);
const dir = mkdtempSync(join(tmpdir(), 'ccp-isolation-'));
let store: Store;
let server: ServerHandle;
let token: string;

beforeAll(async () => {
  store = await deviceDatabase(join(dir, 'ccp.db'), DEVICES);
  token = await createToken(store, { orgUuid: BENCH_ORG, role: 'viewer' });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await request(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', time_zone: 'UTC' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the envelope is asserted field by field
  return { status: res.statusCode, body: (await res.body.json()) as any };
}

const download = (templateKey: string, fileType: string) =>
  call('POST', '/download', { data: [{ templateKey, fileType }] });

/**
 * The same requests, each from a thread of its own, answering only the envelope's statusCode and reason:
 * reading a report of tens of MB would otherwise hold up this thread, which the server shares, and the
 * listings measured here would wait for the test instead of the server. Each thread first makes a small
 * request (a thread's first fetch loads its HTTP client, which takes a while), and the reports
 * are sent only once every thread is ready, so that they are at the server together.
 */
async function downloadsElsewhere(reports: [templateKey: string, fileType: string][]) {
  const code = `
    const { parentPort, workerData: w } = require('node:worker_threads');
    const headers = w.headers;
    fetch(w.warmUrl, { headers }).then((res) => res.arrayBuffer()).then(() => {
      parentPort.postMessage('ready');
      parentPort.once('message', () => {
        fetch(w.url, { method: 'POST', headers, body: w.body })
          .then((res) => res.json())
          .then((b) => parentPort.postMessage({ statusCode: b.statusCode, reason: b.reason }),
                (err) => parentPort.postMessage({ statusCode: 'FETCH_FAILED', reason: String(err) }));
      });
    }, (err) => parentPort.postMessage({ statusCode: 'FETCH_FAILED', reason: String(err) }));`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', time_zone: 'UTC' };
  const threads = reports.map(([templateKey, fileType]) => {
    const worker = new Worker(code, {
      eval: true,
      workerData: {
        warmUrl: `${server.url}/edgedevice/all/0?pageSize=1`,
        url: `${server.url}/download`,
        headers,
        body: JSON.stringify({ data: [{ templateKey, fileType }] }),
      },
    });
    let ready!: () => void;
    const isReady = new Promise<void>((r) => {
      ready = r;
    });
    const answer = new Promise<{ body: { statusCode: string; reason?: string } }>((resolve, reject) => {
      worker.on('message', (m) => {
        if (m === 'ready') return ready();
        resolve({ body: m });
        void worker.terminate();
      });
      worker.once('error', reject);
    });
    return { worker, isReady, answer };
  });
  await Promise.all(threads.map((t) => t.isReady));
  for (const t of threads) t.worker.postMessage('go');
  return Promise.all(threads.map((t) => t.answer));
}

/** The nice values of this process's threads (Linux), read while a report renders. */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    // Fields after the command name's closing parenthesis; nice is the 19th field of the line.
    const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[16]);
  });
}

/** Lists a page of devices every 100 ms on its own connection until `work` settles; the listings' latencies. */
async function whileListing<T>(work: Promise<T>): Promise<{ result: T; latencies: number[] }> {
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) {
    const t = performance.now();
    const page = await call('GET', '/edgedevice/all/0?pageSize=100');
    latencies.push(performance.now() - t);
    expect(page.body.statusCode).toBe('OK');
    expect(page.body.data).toHaveLength(100);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { result: await settled, latencies };
}

describe('reports and the other requests', () => {
  beforeAll(async () => {
    server = await startServer({ store, port: 0 });
  });

  it(`a ${DEVICES}-device PDF renders while listings answer within 1 s`, async () => {
    const started = performance.now();
    const rendering = download('edge-devices', 'pdf');
    // The worker renders at a lower priority than the thread that answers requests (once it has started).
    if (process.platform === 'linux') {
      const until = performance.now() + 15_000;
      while (!threadNiceValues().includes(10) && performance.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(threadNiceValues()).toContain(10);
    }
    const { result: res, latencies } = await whileListing(rendering);
    const renderMs = performance.now() - started;
    expect(res.body.statusCode, res.body.reason).toBe('OK');
    const pdf = Buffer.from(res.body.data[0].fileData, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const worst = Math.max(...latencies);
    console.log(
      `${DEVICES}-device pdf: ${(renderMs / 1000).toFixed(1)} s, ${(pdf.length / 1e6).toFixed(1)} MB; ` +
        `${latencies.length} listings meanwhile, slowest ${worst.toFixed(0)} ms`,
    );
    // The report took seconds, and the listings went on answering all along.
    expect(latencies.length).toBeGreaterThan(5);
    expect(worst).toBeLessThan(1000);
  }, 180_000);

  it(`at most ${REPORT_WORKERS} reports render at once; the others wait their turn and all are answered`, async () => {
    const before = reportPoolStats();
    // A 50,000-device json (tens of MB handed back to the request thread) among them: listings still answer.
    const { result: answers, latencies } = await whileListing(
      downloadsElsewhere([
        ['edge-devices', 'json'],
        ['edge-devices', 'csv'],
        ['code-types', 'csv'],
      ]),
    );
    for (const res of answers) expect(res.body.statusCode, res.body.reason).toBe('OK');
    expect(Math.max(before.peakBusy, reportPoolStats().peakBusy)).toBe(REPORT_WORKERS);
    // The third report waited for a worker: the most ever waiting rose during these three.
    expect(reportPoolStats().peakWaiting).toBeGreaterThan(before.peakWaiting);
    expect(reportPoolStats().workers).toBeLessThanOrEqual(REPORT_WORKERS);
    console.log(
      `3 reports at once: ${latencies.length} listings meanwhile, slowest ${Math.max(...latencies).toFixed(0)} ms`,
    );
    expect(Math.max(...latencies)).toBeLessThan(1000);
  }, 180_000);
});
