import { Argument, type Command } from 'commander';
import { examples } from '../cli/help.js';
import type { IO } from '../cli/io.js';
import { fillAllVerbs } from '../cli/verbs.js';

const SHELL_NAMES = ['bash', 'zsh', 'fish'] as const;
type ShellName = (typeof SHELL_NAMES)[number];

/** The part of the program `ccp completion` uses. */
export interface CompletionDeps {
  io: Pick<IO, 'stdout'>;
}

export interface CompletionOptions {
  shell: ShellName;
  /** The root of the command tree the script completes. */
  program: Command;
}

/** The completion script for one shell, generated from a commander tree. */
export async function generateCompletion(shell: ShellName, program: Command): Promise<string> {
  const { buildCompletionModel } = await import('./completion-gen.js');
  const model = buildCompletionModel(fillAllVerbs(program));
  switch (shell) {
    case 'bash':
      return (await import('./completion-bash.js')).bashCompletion(model);
    case 'zsh':
      return (await import('./completion-zsh.js')).zshCompletion(model);
    case 'fish':
      return (await import('./completion-fish.js')).fishCompletion(model);
  }
}

export async function runCompletion(opts: CompletionOptions, deps: CompletionDeps): Promise<void> {
  deps.io.stdout.write(await generateCompletion(opts.shell, opts.program));
}

function rootOf(cmd: Command): Command {
  let c = cmd;
  while (c.parent) c = c.parent;
  return c;
}

/** `ccp completion bash|zsh|fish`: prints the script; the same text is checked in under completions/. */
export function registerCompletion(program: Command, deps: CompletionDeps): Command {
  return program
    .command('completion')
    .description('print a shell completion script (bash, zsh or fish)')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELL_NAMES))
    .addHelpText(
      'after',
      examples(
        'source <(ccp completion bash)                                # bash, this shell only',
        'ccp completion bash > ~/.local/share/bash-completion/completions/ccp',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not JS
        'ccp completion zsh > "${fpath[1]}/_ccp"                      # zsh, then a new shell',
        'ccp completion fish > ~/.config/fish/completions/ccp.fish',
      ),
    )
    .action(async (shell: ShellName, _opts: unknown, self: Command) => {
      await runCompletion({ shell, program: rootOf(self) }, deps);
    });
}
