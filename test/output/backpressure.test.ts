import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createRecordWriter, type OutputFormat } from '../../src/output/index.js';
import { options } from './helpers.js';

/** A writable that takes each chunk a tick later and notes how much was ever queued in it. */
class SlowStream extends Writable {
  text = '';
  maxQueued = 0;
  refused = 0;

  constructor() {
    super({ highWaterMark: 16 });
  }

  override write(chunk: unknown, ...rest: never[]): boolean {
    const ok = super.write(chunk as string, ...rest);
    this.maxQueued = Math.max(this.maxQueued, this.writableLength);
    if (!ok) this.refused++;
    return ok;
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    setImmediate(() => {
      this.text += chunk.toString('utf8');
      done();
    });
  }
}

const RECORDS = Array.from({ length: 300 }, (_, i) => ({
  uuid: `rec-${i}`,
  port: i,
  location: 'x'.repeat(40),
}));

describe('back-pressure', () => {
  it.each<OutputFormat>(['ndjson', 'json', 'csv', 'yaml'])(
    '%s waits for drain: a slow stream never queues more than one record and gets every record in order',
    async (format) => {
      const out = new SlowStream();
      const writer = createRecordWriter(out, options(format, { fields: ['uuid', 'port', 'location'] }));
      for (const r of RECORDS) await writer.write(r);
      await writer.end();
      await new Promise((resolve) => out.end(resolve));

      expect(out.refused).toBeGreaterThan(100);
      // Ignoring 'false' from write() would leave the whole listing (~20 KB) queued in the stream.
      expect(out.maxQueued).toBeLessThan(200);
      const uuids = [...out.text.matchAll(/rec-(\d+)/g)].map((m) => Number(m[1]));
      expect(uuids).toEqual(RECORDS.map((_, i) => i));
    },
  );

  it('keeps order when the caller does not await each write', async () => {
    const out = new SlowStream();
    const writer = createRecordWriter(out, options('ndjson'));
    await Promise.all(RECORDS.map((r) => writer.write(r)));
    await writer.end();
    const uuids = out.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).uuid);
    expect(uuids).toEqual(RECORDS.map((r) => r.uuid));
    expect(out.maxQueued).toBeLessThan(200);
  });

  it('fails the pending and later writes when the stream is destroyed while paused', async () => {
    const out = new SlowStream();
    const writer = createRecordWriter(out, options('ndjson'));
    const pending = writer.write({ uuid: 'x'.repeat(100) });
    out.destroy();
    await expect(pending).rejects.toThrow();
    await expect(writer.write({ uuid: 'y' })).rejects.toThrow();
  });
});
