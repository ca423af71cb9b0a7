// Each install line of `ccp completion --help`, run as printed in a fresh HOME (no folder made beforehand).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, spawnCcp, tempDir } from '../helpers/cli.js';
import { needShell } from './shells.js';

let dir: string;
let remove: () => Promise<void>;
let lines: string[];
let env: NodeJS.ProcessEnv;
const scripts: Record<string, string> = {};

beforeAll(async () => {
  ({ dir, remove } = await tempDir('ccp-install-'));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'ccp'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 });
  // A HOME with nothing in it, and no XDG variable pointing elsewhere.
  env = { PATH: `${bin}:${process.env.PATH}`, HOME: join(dir, 'home'), TERM: 'dumb' };
  mkdirSync(env.HOME!);
  const help = await spawnCcp(['completion', '--help'], { env });
  // A long line continues after ` \` (help is wrapped to 80 columns): joined back, as a shell reads it.
  lines = help.stdout
    .replace(/ \\\n +/g, ' ')
    .split('\n')
    .filter((l) => l.startsWith('  $ '))
    .map((l) => l.slice(4));
  for (const shell of ['bash', 'zsh', 'fish']) {
    scripts[shell] = (await spawnCcp(['completion', shell], { env })).stdout;
  }
}, 60_000);

afterAll(() => remove());

function inBash(line: string): { status: number | null; stdout: string; stderr: string } {
  return spawnSync('bash', ['-c', line], { env, encoding: 'utf8', timeout: 30_000 });
}

describe('the install lines of ccp completion --help', () => {
  it('are there, one for each way to install', () => {
    expect(lines.length).toBe(5);
  });

  it('bash, this shell only: the function is defined', () => {
    const line = lines.find((l) => l.startsWith('source'))!;
    const r = inBash(`${line} && complete -p ccp`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('-F _ccp ccp');
  });

  it('each line that saves a script works in a fresh HOME and saves the script', () => {
    const saved = {
      bash: '.local/share/bash-completion/completions/ccp',
      zsh: '.zfunc/_ccp',
      fish: '.config/fish/completions/ccp.fish',
    };
    for (const [shell, path] of Object.entries(saved)) {
      const line = lines.find((l) => l.includes(`ccp completion ${shell} >`))!;
      expect(line).toContain('mkdir -p');
      const r = inBash(line);
      expect({ shell, status: r.status, stderr: r.stderr }).toEqual({ shell, status: 0, stderr: '' });
      expect(readFileSync(join(env.HOME!, path), 'utf8')).toBe(scripts[shell]);
    }
  });

  // Debian's bash-completion package is what loads ~/.local/share/bash-completion/completions; a bash without it
  // (a minimal image, a container, macOS's bash) must still complete after the help's lines.
  it('bash, every new shell: a new bash without the bash-completion package completes ccp', () => {
    const bashLines = lines.filter((l) => l.includes('completion bash >') || l.includes('.bashrc'));
    expect(bashLines).toHaveLength(2);
    // Twice, as a user who runs them again does: one source line in ~/.bashrc all the same.
    for (const line of [...bashLines, ...bashLines]) {
      const r = inBash(line);
      expect({ line, status: r.status, stderr: r.stderr }).toEqual({ line, status: 0, stderr: '' });
    }
    expect(readFileSync(join(env.HOME!, '.bashrc'), 'utf8').match(/source /g)).toHaveLength(1);
    // --rcfile: ~/.bashrc alone, not /etc/bash.bashrc, which may load bash-completion on this machine.
    const probe = [
      'declare -F _init_completion >/dev/null && echo bash-completion-loaded',
      'complete -p ccp',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not JS
      'COMP_WORDS=(ccp complet); COMP_CWORD=1; _ccp; echo "offered: ${COMPREPLY[*]}"',
    ].join('\n');
    const r = spawnSync('bash', ['--rcfile', join(env.HOME!, '.bashrc'), '-i'], {
      env,
      input: probe,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.stdout).not.toContain('bash-completion-loaded');
    expect(r.stdout).toContain('-F _ccp ccp');
    expect(r.stdout).toContain('offered: completion');
  });

  it.runIf(needShell('fish'))('fish then finds it by itself', () => {
    const r = spawnSync('fish', ['-c', 'complete -C "ccp complet"'], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.stdout.split('\n')[0]?.split('\t')[0]).toBe('completion');
  });

  it.runIf(needShell('zsh'))('zsh then finds it on the fpath the help names', () => {
    const r = spawnSync('zsh', ['-f', '-c', 'fpath=(~/.zfunc $fpath); autoload -Uz +X _ccp && echo loaded'], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.stdout).toContain('loaded');
  });
});
