import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createRecordWriter } from '../../src/output/index.js';
import { MemoryStream, options } from './helpers.js';

/** A memory stream that counts the writes it is handed (each one a system call on a file or a pipe). */
class CountingWrites extends MemoryStream {
  writes = 0;

  override write(chunk: unknown, ...rest: never[]): boolean {
    this.writes++;
    return super.write(chunk as string, ...rest);
  }
}

const RECORDS = Array.from({ length: 2000 }, (_, i) => ({ uuid: `rec-${i}`, port: i }));

describe('gathered output', () => {
  it('hands lines to the stream in chunks of about its buffer size, the same text as line by line', async () => {
    const out = new CountingWrites();
    const writer = createRecordWriter(out, options('ndjson', { fields: ['uuid', 'port'] }));
    for (const r of RECORDS) await writer.write(r);
    await writer.end();
    expect(out.text).toBe(RECORDS.map((r) => `${JSON.stringify(r)}\n`).join(''));
    // About 60 KB of lines in chunks of 16 KB: a handful of writes, not one per record.
    expect(out.writes).toBeLessThan(10);
  });

  it('lets what was written out as soon as the writer waits for anything, without end()', async () => {
    const out = new CountingWrites();
    const writer = createRecordWriter(out, options('ndjson', { fields: ['uuid'] }));
    await writer.write({ uuid: 'first' });
    expect(out.text).toBe('');
    await tick();
    expect(out.text).toBe('{"uuid":"first"}\n');
    await writer.write({ uuid: 'second' });
    await writer.flush?.();
    expect(out.text).toBe('{"uuid":"first"}\n{"uuid":"second"}\n');
  });
});
