// The order a bulk write keeps: a batch is sent once the one before it is saved and journalled, and before
// that one is printed; Ctrl-C while a batch sent ahead is out leaves it outcome unknown, never saved.
import { describe, expect, it } from 'vitest';
import { type Row, sendBatches } from '../../src/kit/write/batches.js';

const batches = (n: number, size = 2): Row<number>[][] =>
  Array.from({ length: n }, (_, b) =>
    Array.from({ length: size }, (_, i) => ({ line: b * size + i + 2, record: b * size + i })),
  );

function recorder(opts: { failAt?: number; continueOnError?: boolean; signal?: AbortSignal } = {}) {
  const events: string[] = [];
  const k = (batch: Row<number>[]) => (batch[0]!.record / batch.length) | 0;
  return {
    events,
    handlers: {
      continueOnError: opts.continueOnError ?? false,
      signal: opts.signal,
      async send(batch: Row<number>[]) {
        events.push(`send ${k(batch)}`);
        await new Promise((r) => setTimeout(r, 5));
        if (k(batch) === opts.failAt) throw new Error(`batch ${k(batch)} refused`);
        return batch.map((r) => r.record);
      },
      async saved(_: number[], batch: Row<number>[]) {
        events.push(`saved ${k(batch)}`);
      },
      async print(_: number[], batch: Row<number>[]) {
        events.push(`print ${k(batch)}`);
        await new Promise((r) => setTimeout(r, 1));
      },
      async failed(_: unknown, batch: Row<number>[]) {
        events.push(`failed ${k(batch)}`);
      },
    },
  };
}

describe('sendBatches', () => {
  it('sends the next batch after a batch is saved and before it is printed', async () => {
    const { events, handlers } = recorder();
    const r = await sendBatches(batches(3), handlers);
    expect(events).toEqual([
      'send 0',
      'saved 0',
      'send 1',
      'print 0',
      'saved 1',
      'send 2',
      'print 1',
      'saved 2',
      'print 2',
    ]);
    expect(r.savedRows.map((x) => x.record)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(r.notSent).toEqual([]);
  });

  it('sends nothing after a failed batch, and no batch ahead of an unsaved one', async () => {
    const { events, handlers } = recorder({ failAt: 1 });
    const r = await sendBatches(batches(4), handlers);
    expect(events).toEqual(['send 0', 'saved 0', 'send 1', 'print 0', 'failed 1']);
    expect(r.failedRows.map((x) => x.record)).toEqual([2, 3]);
    expect(r.notSent.map((x) => x.record)).toEqual([4, 5, 6, 7]);
  });

  it('goes on after a failed batch with --continue-on-error, sending the next only then', async () => {
    const { events, handlers } = recorder({ failAt: 1, continueOnError: true });
    const r = await sendBatches(batches(3), handlers);
    expect(events).toEqual([
      'send 0',
      'saved 0',
      'send 1',
      'print 0',
      'failed 1',
      'send 2',
      'saved 2',
      'print 2',
    ]);
    expect(r.savedRows.map((x) => x.record)).toEqual([0, 1, 4, 5]);
  });

  it('counts a batch sent ahead as outcome unknown when Ctrl-C comes while the one before is printed', async () => {
    const stop = new AbortController();
    const { events, handlers } = recorder({ signal: stop.signal });
    const printing = handlers.print;
    handlers.print = async (records, batch) => {
      if (batch[0]!.record === 2) stop.abort();
      await printing(records, batch);
    };
    const r = await sendBatches(batches(4), handlers);
    expect(events).toEqual(['send 0', 'saved 0', 'send 1', 'print 0', 'saved 1', 'send 2', 'print 1']);
    expect(r.interrupted).toBe(true);
    expect(r.savedRows.map((x) => x.record)).toEqual([0, 1, 2, 3]);
    expect(r.unknownRows.map((x) => x.record)).toEqual([4, 5]);
    expect(r.notSent.map((x) => x.record)).toEqual([6, 7]);
  });
});
