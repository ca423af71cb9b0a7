import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { EdgeDevice } from '../../src/domain/index.js';
import { createRecordWriter, type OutputFormat } from '../../src/output/index.js';
import { options } from './helpers.js';

const COUNT = 100_000;
const MB = 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** Counts what arrives and keeps only the last bytes, so the test itself holds nothing. */
class CountingStream extends Writable {
  bytes = 0;
  lines = 0;
  tail = '';

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) this.lines++;
    this.tail = (this.tail + chunk.toString('utf8')).slice(-200);
    done();
  }
}

function device(i: number): EdgeDevice {
  const hex = i.toString(16).padStart(12, '0');
  return {
    uuid: `00000000-0000-4000-8000-${hex}`,
    edgeDeviceName: `device ${i}`,
    serialNumber: `SN-${i}`,
    ipAdress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    port: 1880 + (i % 100),
    location: 'Plant A, hall 3',
    isActive: i % 2 === 0,
    createdOn: '2026-11-18T09:30:00*000+0000',
    edgeFlows: [{ flowId: `f-${i}`, flowName: 'Ingest', flowJSON: '{"nodes":[]}', isActive: true }],
  };
}

describe(`streaming ${COUNT.toLocaleString('en')} records`, () => {
  it.each<OutputFormat>(['ndjson', 'json'])(
    '%s writes every record as it comes, with flat memory',
    async (format) => {
      const out = new CountingStream();
      const writer = createRecordWriter(out, options(format));
      const before = heapAfterGc();
      const started = performance.now();
      for (let i = 0; i < COUNT; i++) await writer.write(device(i));
      const beforeEnd = heapAfterGc();
      const receivedBeforeEnd = out.bytes;
      await writer.end();
      const ms = performance.now() - started;

      const growth = (beforeEnd - before) / MB;
      console.log(
        `${format}: ${COUNT} records, ${(out.bytes / MB).toFixed(1)} MB in ${ms.toFixed(0)} ms, heap growth ${growth.toFixed(1)} MB`,
      );
      expect(growth).toBeLessThan(30);
      // Before end() everything was out but one gathered chunk (at most the stream's buffer size) and the
      // closing bracket: nothing more was held back.
      expect(out.bytes - receivedBeforeEnd).toBeLessThanOrEqual(out.writableHighWaterMark + 3);
      if (format === 'ndjson') {
        expect(out.lines).toBe(COUNT);
        expect(out.tail).toContain(`"flowId":"f-${COUNT - 1}"`);
      } else {
        expect(out.tail.endsWith('\n  }\n]\n')).toBe(true);
        expect(out.tail).toContain(`"isActive": true`);
        expect(out.bytes).toBeGreaterThan(COUNT * 400);
      }
    },
    60_000,
  );

  it('table prints 1,000-row tables as it goes, with flat memory', async () => {
    const out = new CountingStream();
    const writer = createRecordWriter(out, options('table', { isTTY: true, width: 120 }));
    const before = heapAfterGc();
    const started = performance.now();
    let peak = 0;
    for (let i = 0; i < COUNT; i++) {
      await writer.write(device(i));
      if (i % 10_000 === 9_999) peak = Math.max(peak, heapAfterGc() - before);
    }
    await writer.end();
    const ms = performance.now() - started;
    console.log(
      `table: ${COUNT} rows, ${(out.bytes / MB).toFixed(1)} MB in ${ms.toFixed(0)} ms, peak heap growth ${(peak / MB).toFixed(1)} MB`,
    );
    expect(peak / MB).toBeLessThan(30);
    // Header, rules and one line per row, for each of the hundred tables.
    expect(out.lines).toBe(COUNT + (COUNT / 1000) * 4);
    expect(out.tail).toContain('SN-99999');
  }, 60_000);
});
