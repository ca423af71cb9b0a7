// A report worker thread: makes one report at a time for pool.ts. Built as dist/cli/report-worker.js.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type JobMessage, receiveReport } from './job.js';

// When CPU is short, reports give way to the requests: on Linux a thread's nice value is its own, so this
// lowers this worker thread only (elsewhere it would lower the whole server, so it is left alone there).
if (process.platform === 'linux') {
  try {
    setPriority(0, 10);
  } catch {
    // Not permitted: the report renders at the server's priority.
  }
}

export type WorkerReply = { ok: true; base64: Buffer } | { ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread');
const report = receiveReport();
port.on('message', async (m: JobMessage) => {
  let reply: WorkerReply;
  try {
    const base64 = await report.take(m);
    if (!base64) return;
    reply = { ok: true, base64 };
  } catch (err) {
    reply = { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply, reply.ok ? [reply.base64.buffer as ArrayBuffer] : []);
});
