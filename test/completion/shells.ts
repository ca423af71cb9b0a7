import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function hasShell(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

export function saveScript(text: string, name: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'ccp-completion-')), name);
  writeFileSync(path, text);
  return path;
}

/** A directory holding a fake `ccp` that prints two profile names for `ccp config list --profiles`. */
export function fakeCcpDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ccp-fake-bin-'));
  const body = '#!/bin/sh\n[ "$*" = "config list --profiles" ] && printf "default\\nstaging\\n"\n';
  writeFileSync(join(dir, 'ccp'), body, { mode: 0o755 });
  return dir;
}

let extraPath = '';
/** Puts a directory first on the PATH the shells run with (for the fake `ccp`). */
export function prependPath(dir: string): void {
  extraPath = `${dir}:`;
}

function run(cmd: string, args: string[]): string[] {
  const env = { PATH: `${extraPath}${process.env.PATH}`, HOME: tmpdir() };
  const r = spawnSync(cmd, args, { encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr}`);
  return r.stdout.split('\n').filter(Boolean);
}

/** COMPREPLY after sourcing the script and calling _ccp with COMP_WORDS = words (the last is the cursor's). */
export function bashComplete(script: string, words: string[]): string[] {
  const body =
    `source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _ccp; ` +
    `(( \${#COMPREPLY[@]} )) && printf "%s\\n" "\${COMPREPLY[@]}"; true`;
  return run('bash', ['-c', body, script, ...words]);
}

/** What fish itself completes for a command line (`complete -C`), candidates without descriptions. */
export function fishComplete(script: string, line: string): string[] {
  return run('fish', ['--no-config', '-c', 'source $argv[1]; complete -C $argv[2]', script, line]).map(
    (l) => l.split('\t')[0]!,
  );
}

/**
 * Runs the zsh function with the completion builtins replaced by stubs that print what they were given:
 * `add a b`, `describe name:desc ...`, `files`, `prefix *,`.
 */
export function zshComplete(script: string, words: string[]): string[] {
  const stubs = [
    'compdef() { :; }',
    'compadd() { while [[ $1 == -* && $1 != -- ]]; do [[ $1 == -S ]] && shift; shift; done; [[ $1 == -- ]] && shift; print -r -- "add $*"; }',
    'compset() { print -r -- "prefix $2"; }',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not JS
    '_describe() { print -r -- "describe ${(P)4}"; }',
    '_files() { print -r -- files; }',
    '_message() { print -r -- message; }',
  ].join('\n');
  return run('zsh', [
    '-f',
    '-c',
    `${stubs}\nsource "$0"; words=("$@"); CURRENT=\${#words}; _ccp`,
    script,
    ...words,
  ]);
}
