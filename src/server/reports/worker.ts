// A report worker thread: makes one report at a time for pool.ts. Built as dist/cli/report-worker.js.
import { parentPort } from 'node:worker_threads';
import { makeReport, type ReportJob } from './job.js';

export type WorkerReply = { ok: true; base64: Buffer } | { ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread');
port.on('message', async (job: ReportJob) => {
  let reply: WorkerReply;
  try {
    reply = { ok: true, base64: await makeReport(job) };
  } catch (err) {
    reply = { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply, reply.ok ? [reply.base64.buffer as ArrayBuffer] : []);
});
