// `ccp edgedevice get <serial>` on the embedded default at 1,000 devices and at 1,000,000 (cli.md, "Lookups
// on the twin"): read by the database's indexes, the second costs what the first does. The summary's run and
// bench/lookup measure it alike.
import { join } from 'node:path';
import { median } from './devices.js';
import { syntheticDatabase } from './million.js';

export interface LookupBench {
  quick: boolean;
  dir: string;
  ccp: string;
  run(args: string[]): Promise<{ ms: number; lines: number }>;
  atMost(figure: string, now: number, budget: number): void;
  log(s: string): void;
}

/** The serial number syntheticDatabase gives its last device: the end of the listing, where a walk ends. */
const lastSerial = (count: number) => `SN-${String(count - 1).padStart(7, '0')}`;

export async function lookupFigures(b: LookupBench, db1m: string): Promise<void> {
  const RUNS = b.quick ? 5 : 15;
  const db1k = join(b.dir, 'lookup-1k.db');
  await syntheticDatabase(db1k, 1000);
  const get = (db: string, serial: string) => async () => {
    const r = await b.run([b.ccp, '--db', db, 'edgedevice', 'get', serial, '-o', 'json']);
    if (r.lines < 3) throw new Error(`edgedevice get ${serial} printed ${r.lines} lines`);
    return r.ms;
  };
  const cmds = [get(db1k, lastSerial(1000)), get(db1m, lastSerial(1_000_000))];
  // The first run on each database makes its admin token; it is not timed.
  for (const cmd of cmds) await cmd();
  const times: number[][] = [[], []];
  for (let i = 0; i < RUNS; i++) for (const [k, cmd] of cmds.entries()) times[k]!.push(await cmd());
  const [small, big] = times.map(median) as [number, number];
  b.log(
    `edgedevice get <serial>, embedded: 1,000 devices ${small.toFixed(0)} ms, 1,000,000 ${big.toFixed(0)} ms`,
  );
  b.atMost('`ccp edgedevice get <serial>`, embedded, 1,000,000 devices vs 1,000', big / small, 1.3);
}
