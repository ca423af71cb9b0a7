// The start-up figures of cli.md "Where it runs": `ccp --version`, `ccp <group> --help` and a first page
// (`edgedevice list --page-size 10 -o json`, embedded and against a running server), each against a bare
// `node -e 0`. The commands take turns run after run and the medians are compared, so a busy machine slows
// all alike.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './devices.js';

const here = dirname(fileURLToPath(import.meta.url));
const ccp = join(here, '..', '..', 'bin', 'ccp.js');

/** The budgets of cli.md, as ratios to `node -e 0`. */
export const STARTUP_BUDGETS = { version: 1.25, help: 1.5, firstPage: 3 } as const;

export interface StartupFigure {
  figure: string;
  ratio: number;
  budget: number;
}

/** Wall time of one child process, from spawn to exit. */
function time(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited ${code}: ${err}`));
      resolve(performance.now() - started);
    });
  });
}

function startServer(db: string, dir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(here, '..', 'summary', 'servers.ts'), 'project', db, join(dir, 'token')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) =>
      resolve({ child, url: `http://127.0.0.1:${d.toString().trim()}` }),
    );
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

/**
 * Measures the start-up figures over `db` (a device database), `runs` turns; `env` is ccp's environment
 * (its own HOME), `dir` a scratch folder. Logs the milliseconds through `log`.
 */
export async function startupFigures(
  db: string,
  dir: string,
  env: NodeJS.ProcessEnv,
  runs: number,
  log: (s: string) => void,
): Promise<StartupFigure[]> {
  const server = await startServer(db, dir);
  const token = readFileSync(join(dir, 'token'), 'utf8');
  const remote = { ...env, CCP_BASE_URL: server.url, CCP_TOKEN: token };
  const list = ['edgedevice', 'list', '--page-size', '10', '-o', 'json'];
  const cmds: [string, () => Promise<number>][] = [
    ['node -e 0', () => time(['-e', '0'], env)],
    ['--version', () => time([ccp, '--version'], env)],
    ['help', () => time([ccp, 'edgedevice', '--help'], env)],
    ['list', () => time([ccp, ...list], remote)],
    ['embedded', () => time([ccp, '--db', db, ...list], env)],
  ];
  try {
    // One turn first, unmeasured: the compile cache is filled, as after a user's first command.
    for (const [, cmd] of cmds) await cmd();
    const times: number[][] = cmds.map(() => []);
    for (let i = 0; i < runs; i++) {
      for (const [k, [, cmd]] of cmds.entries()) times[k]!.push(await cmd());
    }
    const [bare, version, help, listed, embedded] = times.map(median) as [
      number,
      number,
      number,
      number,
      number,
    ];
    log(
      `node -e 0 ${bare.toFixed(0)} ms, --version ${version.toFixed(0)}, help ${help.toFixed(0)}, list ${listed.toFixed(0)} / embedded ${embedded.toFixed(0)} ms`,
    );
    return [
      {
        figure: '`ccp edgedevice list --page-size 10 -o json`, running server, vs `node -e 0`',
        ratio: listed / bare,
        budget: STARTUP_BUDGETS.firstPage,
      },
      {
        figure: 'the same on the embedded default',
        ratio: embedded / bare,
        budget: STARTUP_BUDGETS.firstPage,
      },
      { figure: '`ccp --version` vs `node -e 0`', ratio: version / bare, budget: STARTUP_BUDGETS.version },
      { figure: '`ccp edgedevice --help` vs `node -e 0`', ratio: help / bare, budget: STARTUP_BUDGETS.help },
    ];
  } finally {
    server.child.kill();
  }
}
