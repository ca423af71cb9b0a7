// `ccp server start` on a database, in a process of its own, with an admin token of the bench organization
// made by `ccp server token create`: the remote side of the start-up and export figures.
import { type ChildProcess, spawn } from 'node:child_process';
import { BENCH_ORG } from './devices.js';

export interface CcpServer {
  url: string;
  token: string;
  stop(): Promise<void>;
}

export async function ccpServer(ccp: string, db: string, env: NodeJS.ProcessEnv): Promise<CcpServer> {
  const token = await new Promise<string>((resolve, reject) => {
    const c = spawn(
      process.execPath,
      [ccp, 'server', 'token', 'create', '--org', BENCH_ORG, '--role', 'admin', '--db', db],
      { env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    c.stdout.on('data', (d: Buffer) => (out += d));
    c.on('close', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`token create: ${code}`))));
  });
  const child: ChildProcess = spawn(process.execPath, [ccp, 'server', 'start', '--port', '0', '--db', db], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (d: Buffer) => {
      err += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`ccp server start exited ${code}: ${err}`)));
  });
  // Waits for the exit: the run's folder is removed next, and a server still closing its database would
  // write its -wal and -shm files back into it.
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    url,
    token,
    stop: () => {
      child.kill();
      return exited;
    },
  };
}
