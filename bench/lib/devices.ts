// A database of N edge devices in one organization, built straight through the store (fast, one
// transaction), for the benchmarks that read it back over HTTP or through ccp.
import { randomUUID } from 'node:crypto';
import { importFixture, openStore, type Store } from '../../src/server/index.js';

export const BENCH_ORG = 'a0000000-0000-4000-8000-0000000000b1';
/** The user the benches' writes are made as. */
export const BENCH_USER = 'b0000000-0000-4000-8000-0000000000b1';

/** `edgedevice add` into BENCH_ORG as BENCH_USER, then `rest`: ccp's arguments after its path. */
export const addArgs = (...rest: string[]): string[] => [
  'edgedevice',
  'add',
  '--org',
  BENCH_ORG,
  '--user',
  BENCH_USER,
  ...rest,
];

export async function deviceDatabase(path: string, count: number): Promise<Store> {
  const store = await openStore(path);
  await importFixture(store, { organizations: [{ uuid: BENCH_ORG, orgName: 'Bench Org' }] });
  await store.tx(async (s) => {
    const start = Date.now() - count;
    for (let i = 0; i < count; i++) {
      await s.edgeDevices.insert(
        {
          uuid: randomUUID(),
          orgUUID: BENCH_ORG,
          edgeDeviceName: `gateway ${i}`,
          serialNumber: `SN-${String(i).padStart(7, '0')}`,
          ipAdress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          port: 1024 + (i % 60000),
          location: `Hall ${i % 12}`,
          shortDescription: `Bench device ${i}`,
          isActive: true,
        },
        // One millisecond apart, like devices added over time.
        start + i,
      );
    }
  });
  return store;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Newlines in a chunk, found by indexOf (memchr): the bench's own CPU stays small beside what it measures. */
export function newlines(chunk: Buffer): number {
  let n = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}
