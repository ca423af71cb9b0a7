// The start-up figures of cli.md "Where it runs": `ccp --version`, `ccp <group> --help` and a first page
// (`edgedevice list --page-size 10 -o json`, embedded and against `ccp server start`), each against a bare
// `node -e 0`, every one timed as a whole process from a light parent: hyperfine, without a shell (`-N`).
// A Node parent would add its own spawning cost, tens of milliseconds, to both sides of each ratio.
// hyperfine runs each command's turns together, so the run is split into rounds of two turns each, the
// commands taking turns round after round, and the medians are taken over every round's times: a busy spell
// of the machine falls on a round of each rather than on one command's whole share.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ccpServer } from './ccp-server.js';
import { median } from './devices.js';

const here = dirname(fileURLToPath(import.meta.url));
const ccp = join(here, '..', '..', 'bin', 'ccp.js');
const TURNS = 2;

/** The budgets of cli.md, as ratios to `node -e 0`. */
export const STARTUP_BUDGETS = { version: 1.25, help: 1.3, firstPage: 2.5 } as const;

export interface StartupFigure {
  figure: string;
  ratio: number;
  budget: number;
}

/** hyperfine's path, or undefined when it is not installed (Debian: `apt-get install hyperfine`). */
function hyperfine(): string | undefined {
  const r = spawnSync('hyperfine', ['--version'], { stdio: 'ignore' });
  return r.status === 0 ? 'hyperfine' : undefined;
}

/** Every turn's wall time of each command (ms), from hyperfine runs of TURNS turns each. */
function timedByHyperfine(
  bin: string,
  commands: string[][],
  env: NodeJS.ProcessEnv,
  dir: string,
  runs: number,
): number[][] {
  const times: number[][] = commands.map(() => []);
  const json = join(dir, 'hyperfine.json');
  for (let round = 0; round < Math.ceil(runs / TURNS); round++) {
    const r = spawnSync(
      bin,
      [
        '-N',
        '--warmup',
        '1',
        '--runs',
        String(TURNS),
        '--style',
        'none',
        '--export-json',
        json,
        // Without a shell, hyperfine splits each command on spaces (quotes as a shell would): no argument
        // here holds one.
        ...commands.map((c) => [process.execPath, ...c].join(' ')),
      ],
      { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`hyperfine exited ${r.status}: ${r.stderr}`);
    const results = (JSON.parse(readFileSync(json, 'utf8')) as { results: { times: number[] }[] }).results;
    for (const [k, res] of results.entries()) times[k]!.push(...res.times.map((s) => s * 1000));
    rmSync(json);
  }
  return times;
}

/** Wall time of one child process spawned from this (Node) process: the fallback, indicative only. */
function timedFromNode(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
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

async function timedByNode(commands: string[][], env: NodeJS.ProcessEnv, runs: number): Promise<number[][]> {
  // One turn first, unmeasured: the compile cache is filled, as after a user's first command.
  for (const c of commands) await timedFromNode(c, env);
  const times: number[][] = commands.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [k, c] of commands.entries()) times[k]!.push(await timedFromNode(c, env));
  }
  return times;
}

/**
 * Measures the start-up figures over `db` (a device database), about `runs` turns each; `env` is ccp's
 * environment (its own HOME), `dir` a scratch folder. Logs the milliseconds through `log`.
 */
export async function startupFigures(
  db: string,
  dir: string,
  env: NodeJS.ProcessEnv,
  runs: number,
  log: (s: string) => void,
): Promise<StartupFigure[]> {
  const server = await ccpServer(ccp, db, env);
  // The token through the environment (every command gets it; the embedded and local ones ignore it), the
  // address as a flag: hyperfine gives all its commands one environment.
  const withToken = { ...env, CCP_TOKEN: server.token };
  const list = ['edgedevice', 'list', '--page-size', '10', '-o', 'json'];
  const commands = [
    ['-e', '0'],
    [ccp, '--version'],
    [ccp, 'edgedevice', '--help'],
    [ccp, '--base-url', server.url, ...list],
    [ccp, '--db', db, ...list],
  ];
  try {
    const bin = hyperfine();
    if (!bin)
      log(
        'hyperfine is not installed: the commands are timed from this Node process, the figures indicative',
      );
    const times = bin
      ? timedByHyperfine(bin, commands, withToken, dir, runs)
      : await timedByNode(commands, withToken, runs);
    const [bare, version, help, listed, embedded] = times.map(median) as [
      number,
      number,
      number,
      number,
      number,
    ];
    log(
      `${bin ? 'hyperfine' : 'from node (indicative)'}: node -e 0 ${bare.toFixed(0)} ms, --version ${version.toFixed(0)}, help ${help.toFixed(0)}, list ${listed.toFixed(0)} / embedded ${embedded.toFixed(0)} ms`,
    );
    return [
      {
        figure: '`ccp edgedevice list --page-size 10 -o json`, against `ccp server start`, vs `node -e 0`',
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
    await server.stop();
  }
}
