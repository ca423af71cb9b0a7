// The report workers: a report that fails leaves its worker serving; one past its time limit ends its worker,
// and the next report gets a new one.

import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  REPORT_WORKERS,
  renderInWorker,
  reportPoolStats,
  workersEnded,
} from '../../../src/server/reports/pool.js';
import { until } from '../../helpers/until.js';
import { sampleReport } from './sample.js';

describe('report workers', () => {
  it('a report that cannot be rendered fails alone; the worker goes on', async () => {
    const ok = await renderInWorker({ type: 'csv', data: sampleReport(3) });
    expect(Buffer.from(ok, 'base64').toString('utf8')).toContain('Pump station 2');
    const workers = reportPoolStats().workers;
    await expect(
      renderInWorker({ type: 'csv', data: sampleReport(3, { timeZone: 'Mars/Olympus' }) }),
    ).rejects.toThrow(/invalid report data: timeZone/);
    expect(reportPoolStats().workers).toBe(workers);
    expect(await renderInWorker({ type: 'json', data: sampleReport(1) })).not.toBe('');
  });

  it('past its time limit a report fails and its worker is ended; the next report gets a new one', async () => {
    await expect(
      renderInWorker({ type: 'pdf', data: sampleReport(20_000) }, { timeoutMs: 50 }),
    ).rejects.toThrow(/took longer than 0.05 s/);
    const next = await renderInWorker({ type: 'csv', data: sampleReport(2) });
    expect(Buffer.from(next, 'base64').toString('utf8')).toContain('Pump station 1');
    expect(reportPoolStats().workers).toBeGreaterThanOrEqual(1);
  });

  it('a report whose caller gave up stops at once: its worker is ended; the next report gets a new one', async () => {
    const gaveUp = new AbortController();
    const rendering = renderInWorker({ type: 'pdf', data: sampleReport(20_000) }, { signal: gaveUp.signal });
    await until(() => reportPoolStats().busy === 1, 'the report to start');
    gaveUp.abort(new Error('gave up'));
    await expect(rendering).rejects.toThrow('gave up');
    expect(reportPoolStats().busy).toBe(0);
    const next = await renderInWorker({ type: 'csv', data: sampleReport(2) });
    expect(Buffer.from(next, 'base64').toString('utf8')).toContain('Pump station 1');
  });

  it('tells when a worker being ended has exited, which a process exiting at once waits for', async () => {
    expect(await Promise.race([workersEnded(5_000).then(() => 'none'), delay(100, 'waited')])).toBe('none');
    const gaveUp = new AbortController();
    const rendering = renderInWorker({ type: 'pdf', data: sampleReport(20_000) }, { signal: gaveUp.signal });
    await until(() => reportPoolStats().busy === 1, 'the report to start');
    gaveUp.abort(new Error('gave up'));
    await expect(rendering).rejects.toThrow('gave up');
    // Ended, not yet exited: the wait lasts until it has.
    const ended = workersEnded(5_000);
    let exited = false;
    void ended.then(() => (exited = true));
    await Promise.resolve();
    expect(exited).toBe(false);
    await ended;
    // And a wait is bounded: with nothing being ended it is over at once.
    expect(await Promise.race([workersEnded(5_000).then(() => 'none'), delay(100, 'waited')])).toBe('none');
  });

  it('a report whose caller gave up while waiting for a worker leaves the queue and is never made', async () => {
    const busy = new AbortController();
    const long = Array.from({ length: REPORT_WORKERS }, () =>
      renderInWorker({ type: 'pdf', data: sampleReport(20_000) }, { signal: busy.signal }).catch(
        () => 'ended',
      ),
    );
    const gaveUp = new AbortController();
    const queued = renderInWorker({ type: 'csv', data: sampleReport(2) }, { signal: gaveUp.signal });
    await until(() => reportPoolStats().waiting === 1, 'the report to queue');
    gaveUp.abort(new Error('gave up waiting'));
    await expect(queued).rejects.toThrow('gave up waiting');
    expect(reportPoolStats().waiting).toBe(0);
    busy.abort(new Error('done'));
    expect(await Promise.all(long)).toEqual(long.map(() => 'ended'));
    expect(reportPoolStats().busy).toBe(0);
  });
});
