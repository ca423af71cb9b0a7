// Deep pages must cost about what the first costs: GET /edgedevice/all/{pageNo}?pageSize=1000 over 100,000
// devices, page 0 against page 99, reached directly (a fresh server: nothing remembered) and page after page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToken, startServer } from '../../src/server/index.js';
import { BENCH_ORG, deviceDatabase, median } from '../lib/devices.js';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const PAGE_SIZE = 1000;
const ROUNDS = 5;
const dir = mkdtempSync(join(tmpdir(), 'ccp-bench-deep-'));

async function timed(url: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, time_zone: 'UTC' } });
  const body = (await res.json()) as { statusCode: string; data: unknown[] };
  const ms = performance.now() - started;
  if (body.statusCode !== 'OK') throw new Error(`${url}: ${body.statusCode}`);
  return ms;
}

try {
  let t = performance.now();
  const store = await deviceDatabase(join(dir, 'bench.db'), DEVICES);
  console.log(`${DEVICES} devices written in ${(performance.now() - t).toFixed(0)} ms`);
  const token = await createToken(store, { orgUuid: BENCH_ORG, role: 'admin' });
  const last = Math.ceil(DEVICES / PAGE_SIZE) - 1;
  const page = (base: string, n: number) => `${base}/edgedevice/all/${n}?pageSize=${PAGE_SIZE}`;

  const first: number[] = [];
  const deep: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // A fresh server each round: the deep page is found from the index alone, nothing remembered.
    const server = await startServer({ store, port: 0 });
    await timed(page(server.url, 1), token); // warm the connection and the statements on another page
    deep.push(await timed(page(server.url, last), token));
    first.push(await timed(page(server.url, 0), token));
    await server.close();
  }
  console.log(
    `direct:        page 0 ${median(first).toFixed(1)} ms | page ${last} ${median(deep).toFixed(1)} ms | ratio ${(median(deep) / median(first)).toFixed(2)}`,
  );

  const server = await startServer({ store, port: 0 });
  const walk: number[] = [];
  t = performance.now();
  for (let n = 0; n <= last; n++) walk.push(await timed(page(server.url, n), token));
  console.log(
    `page by page:  page 0 ${walk[0]!.toFixed(1)} ms | page ${last} ${walk[last]!.toFixed(1)} ms | median ${median(walk).toFixed(1)} ms | all ${last + 1} pages ${(performance.now() - t).toFixed(0)} ms`,
  );
  await server.close();
  await store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
