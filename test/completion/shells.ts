import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function hasShell(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

/** Whether to run a shell's tests: yes when it is here, and under CI always (a missing shell then fails). */
export function needShell(name: string): boolean {
  return hasShell(name) || !!process.env.CI;
}

export function saveScript(text: string, name: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'ccp-completion-')), name);
  writeFileSync(path, text);
  return path;
}

/** A directory holding a fake `ccp` whose `__complete profile` offers two profile names. */
export function fakeCcpDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ccp-fake-bin-'));
  const body =
    '#!/bin/sh\n[ "$1 $2" = "__complete profile" ] && printf "default\\tcurrent\\nstaging\\t\\n"\n';
  writeFileSync(join(dir, 'ccp'), body, { mode: 0o755 });
  return dir;
}

let extraPath = '';
/** Puts a directory first on the PATH the shells run with (for the fake `ccp`). */
export function prependPath(dir: string): void {
  extraPath = `${dir}:`;
}

/** The environment the shells run in: by default a PATH (with the fake `ccp` first) and a HOME. */
export type ShellEnv = NodeJS.ProcessEnv | undefined;

function run(cmd: string, args: string[], env?: ShellEnv): string[] {
  const r = spawnSync(cmd, args, {
    encoding: 'utf8',
    env: env ?? { PATH: `${extraPath}${process.env.PATH}`, HOME: tmpdir() },
    // A completion that hangs fails the test rather than the run.
    timeout: 20_000,
  });
  if (r.error) throw new Error(`${cmd} could not run: ${r.error.message} (CI installs zsh and fish)`);
  if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr}`);
  return r.stdout.split('\n').filter(Boolean);
}

/** COMPREPLY after sourcing the script and calling _ccp with COMP_WORDS = words (the last is the cursor's). */
export function bashComplete(script: string, words: string[], env?: ShellEnv): string[] {
  const body =
    `source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _ccp; ` +
    `(( \${#COMPREPLY[@]} )) && printf "%s\\n" "\${COMPREPLY[@]}"; true`;
  return run('bash', ['-c', body, script, ...words], env);
}

/** What fish itself completes for a command line (`complete -C`): `value<TAB>description` lines. */
export function fishCompleteDescribed(script: string, line: string, env?: ShellEnv): string[] {
  return run('fish', ['--no-config', '-c', 'source $argv[1]; complete -C $argv[2]', script, line], env);
}

/** What fish itself completes for a command line (`complete -C`), candidates without descriptions. */
export function fishComplete(script: string, line: string, env?: ShellEnv): string[] {
  return fishCompleteDescribed(script, line, env).map((l) => l.split('\t')[0]!);
}

/**
 * Runs the zsh function with the completion builtins replaced by stubs that print what they were given:
 * `add a b`, `describe` then one `name:desc` a line, `files`, `prefix *,`.
 */
export function zshComplete(script: string, words: string[], env?: ShellEnv): string[] {
  const stubs = [
    'compdef() { :; }',
    'compadd() { while [[ $1 == -* && $1 != -- ]]; do [[ $1 == -S ]] && shift; shift; done; [[ $1 == -- ]] && shift; print -r -- "add $*"; }',
    'compset() { print -r -- "prefix $2"; }',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not JS
    '_describe() { print -r -- describe; print -rl -- "${(@P)4}"; }',
    '_files() { print -r -- files; }',
    '_message() { print -r -- message; }',
  ].join('\n');
  return run(
    'zsh',
    ['-f', '-c', `${stubs}\nsource "$0"; words=("$@"); CURRENT=\${#words}; _ccp`, script, ...words],
    env,
  );
}
