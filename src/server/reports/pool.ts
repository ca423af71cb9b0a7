// Reports render in worker threads, never on the thread that answers requests: a 100,000-row PDF takes
// seconds of CPU and hundreds of MB, and on the request thread it stalled every other request that long.
// At most REPORT_WORKERS render at once; the rest wait their turn in order. A worker that dies (out of memory,
// say) takes only its own report with it.
import { createRequire } from 'node:module';
import { setImmediate as turn } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { JobMessage, ReportJob } from './job.js';
import type { WorkerReply } from './worker.js';

export const REPORT_WORKERS = 2;
// Heap for one report: the largest (REPORT_LIMIT rows as a PDF) needs well under half of this.
const WORKER_HEAP_MB = 2048;
const REPORT_TIMEOUT_MS = 10 * 60_000;
// An idle worker is ended after this long; the next report starts a new one.
const IDLE_MS = 30_000;

interface Slot {
  worker: Worker;
  dead: boolean;
  idle?: NodeJS.Timeout;
}

const free: Slot[] = [];
// Workers being ended, until they have exited: a process that exits while one is torn down can abort
// (SIGABRT in Node's teardown of the worker), so a hard exit waits for them (workersEnded).
const ending = new Set<Promise<number>>();
const waiting: ((slot: Slot) => void)[] = [];
let workers = 0;
let busy = 0;
let peakBusy = 0;
let peakWaiting = 0;

// Bundled (dist/cli), the worker is its own entry file beside this chunk. Run from source (tests, benches), it
// is the TypeScript file beside this one, which Node cannot run by itself (its imports name .js files), and
// a test's worker has no loader of vitest's: a small bootstrap loads it through tsx's API.
function newWorker(): Worker {
  const opts = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./report-worker.js', import.meta.url), opts);
  const entry = new URL('./worker.ts', import.meta.url).href;
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  );
  const boot = `import(${JSON.stringify(tsx.href)}).then((m) => m.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return new Worker(boot, { ...opts, eval: true });
}

/** Ends the worker, counted in `ending` until it has exited. */
function endWorker(worker: Worker): void {
  const exited = worker.terminate();
  ending.add(exited);
  void exited.catch(() => undefined).finally(() => ending.delete(exited));
}

/**
 * Resolves once every worker being ended has exited, or after `ms`: what a process about to exit at once
 * (a second Ctrl-C) waits for.
 */
export function workersEnded(ms: number): Promise<void> {
  if (ending.size === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void Promise.allSettled([...ending]).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function spawn(): Slot {
  const worker = newWorker();
  worker.unref();
  workers++;
  const slot: Slot = { worker, dead: false };
  worker.once('exit', () => retire(slot));
  return slot;
}

/** Counts a worker out once, whether it failed, exited or was ended for idling. */
function retire(slot: Slot): void {
  if (slot.dead) return;
  slot.dead = true;
  workers--;
  const i = free.indexOf(slot);
  if (i >= 0) free.splice(i, 1);
}

function acquire(signal?: AbortSignal): Promise<Slot> {
  const slot = free.pop();
  if (slot) {
    clearTimeout(slot.idle);
    return Promise.resolve(slot);
  }
  if (workers < REPORT_WORKERS) return Promise.resolve(spawn());
  return new Promise((resolve, reject) => {
    // A caller that gives up while waiting leaves the queue, and takes no worker when its turn would come.
    const giveUp = () => {
      const i = waiting.indexOf(take);
      if (i >= 0) waiting.splice(i, 1);
      reject(signal!.reason);
    };
    const take = (s: Slot) => {
      signal?.removeEventListener('abort', giveUp);
      resolve(s);
    };
    waiting.push(take);
    peakWaiting = Math.max(peakWaiting, waiting.length);
    signal?.addEventListener('abort', giveUp, { once: true });
  });
}

function release(slot: Slot): void {
  const next = waiting.shift();
  if (next) {
    next(slot.dead ? spawn() : slot);
    return;
  }
  if (slot.dead) return;
  slot.idle = setTimeout(() => {
    retire(slot);
    endWorker(slot.worker);
  }, IDLE_MS).unref();
  free.push(slot);
}

/** Posts the job to the worker: its start, its records a chunk at a time, its end; stops once `settled()`. */
async function post(worker: Worker, job: ReportJob, settled: () => boolean): Promise<void> {
  const send = (m: JobMessage) => worker.postMessage(m);
  if ('data' in job) {
    const { records, ...head } = job.data;
    send({ start: { type: job.type, head } });
    send({ rows: records });
  } else {
    send({ start: { type: job.type, head: job.head } });
    for await (const rows of job.chunks()) {
      if (settled()) return;
      send({ rows });
      // The other requests get their turn between two chunks.
      await turn();
      if (settled()) return;
    }
  }
  send({ end: true });
}

function run(slot: Slot, job: ReportJob, timeoutMs: number, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const { worker } = slot;
    let settled = false;
    // Rendering cannot be told to stop half way: the worker is ended (at once, even mid-loop) and the next
    // report gets a new one.
    const end = (why: unknown) => {
      done();
      retire(slot);
      endWorker(worker);
      reject(why);
    };
    // A report that never ends would hold its worker for good; past the limit the worker is ended.
    const timer = setTimeout(
      () => end(new Error(`the report took longer than ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    // The caller gave up (Ctrl-C on the embedded default, a client that hung up): its report is not made.
    const abort = () => end(signal!.reason);
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => {
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (reply: WorkerReply) => {
      done();
      if (!reply.ok) return reject(new Error(reply.message));
      const b = reply.base64;
      resolve(Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1'));
    };
    const onError = (err: Error) => {
      done();
      retire(slot);
      reject(err);
    };
    const onExit = (code: number) => {
      done();
      retire(slot);
      reject(new Error(`the report worker stopped (exit code ${code})`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    // Reading the records failed (the store): the report fails, and its worker, half fed, is ended.
    post(worker, job, () => settled).catch((err: unknown) => {
      if (!settled) end(err);
    });
  });
}

/**
 * Makes a report in a worker, waiting for one to be free; resolves with the file as base64. The time limit
 * counts from when a worker takes the report (a large PDF takes a while to draw). When `signal` aborts, the
 * rendering stops (its worker is ended) and the call rejects with the signal's reason.
 */
export async function renderInWorker(
  job: ReportJob,
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<string> {
  opts.signal?.throwIfAborted();
  const slot = await acquire(opts.signal);
  busy++;
  peakBusy = Math.max(peakBusy, busy);
  try {
    // Given up while waiting for a worker: the report is not started.
    opts.signal?.throwIfAborted();
    return await run(slot, job, opts.timeoutMs ?? REPORT_TIMEOUT_MS, opts.signal);
  } finally {
    busy--;
    release(slot);
  }
}

/** What the pool is doing, for tests: workers alive, reports rendering, reports waiting, and the most ever of each. */
export function reportPoolStats() {
  return { workers, busy, waiting: waiting.length, peakBusy, peakWaiting };
}
