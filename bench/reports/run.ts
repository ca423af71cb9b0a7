// The largest report: a 100,000-device PDF (REPORT_LIMIT rows) over HTTP, with a listing every 100 ms on
// another connection meanwhile. Prints the render time, the slowest listing and the server's peak RSS.
// BENCH_DEVICES changes the size; BENCH_REPORT_TYPE the file type (pdf, csv, json).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToken, startServer } from '../../src/server/index.js';
import { BENCH_ORG, deviceDatabase, median } from '../lib/devices.js';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const TYPE = process.env.BENCH_REPORT_TYPE ?? 'pdf';
const dir = mkdtempSync(join(tmpdir(), 'ccp-bench-reports-'));

try {
  const store = await deviceDatabase(join(dir, 'bench.db'), DEVICES);
  const token = await createToken(store, { orgUuid: BENCH_ORG, role: 'viewer' });
  const server = await startServer({ store, port: 0 });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', time_zone: 'UTC' };
  let peakRss = 0;
  const rss = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);

  const started = performance.now();
  let done = false;
  const report = fetch(`${server.url}/download`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ data: [{ templateKey: 'edge-devices', fileType: TYPE }] }),
  })
    .then((r) => r.json() as Promise<{ statusCode: string; data: { fileData: string }[] }>)
    .finally(() => {
      done = true;
    });
  const latencies: number[] = [];
  while (!done) {
    const t = performance.now();
    const page = await fetch(`${server.url}/edgedevice/all/0?pageSize=100`, { headers });
    await page.json();
    latencies.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 100));
  }
  const body = await report;
  const ms = performance.now() - started;
  clearInterval(rss);
  if (body.statusCode !== 'OK') throw new Error(`report: ${body.statusCode}`);
  const bytes = Buffer.from(body.data[0]!.fileData, 'base64').length;
  console.log(
    `${DEVICES}-device ${TYPE}: ${(ms / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB | ` +
      `${latencies.length} listings meanwhile: median ${median(latencies).toFixed(0)} ms, ` +
      `slowest ${Math.max(...latencies).toFixed(0)} ms | server process peak RSS ${(peakRss / 1e6).toFixed(0)} MB`,
  );
  await server.close();
  await store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
