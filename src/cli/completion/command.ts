import { Argument, type Command } from 'commander';
import { defineCommand } from '../../kit/command.js';
import { examples } from '../../kit/help.js';
import type { IO } from '../../kit/io.js';
import { generateCompletion } from './generate.js';

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

export async function runCompletion(opts: CompletionOptions, deps: CompletionDeps): Promise<void> {
  deps.io.stdout.write(await generateCompletion(opts.shell, opts.program));
}

function rootOf(cmd: Command): Command {
  let c = cmd;
  while (c.parent) c = c.parent;
  return c;
}

/** `ccp completion bash|zsh|fish`: prints the script; the same text is checked in under completions/. */
export const completionCommand = defineCommand<CompletionOptions>({
  name: 'completion',
  description: 'print a shell completion script (bash, zsh or fish)',
  // Its examples come with a paragraph after them (declare).
  examples: [],
  declare: (cmd) =>
    cmd.addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELL_NAMES)).addHelpText(
      'after',
      `${examples(
        '# bash, this shell only',
        'source <(ccp completion bash)',
        // Bash loads that folder only through Debian's bash-completion package; the ~/.bashrc line needs nothing.
        '# bash, every new shell: save it, load it from ~/.bashrc (bash-completion not needed)',
        'mkdir -p ~/.local/share/bash-completion/completions && ccp completion bash > ~/.local/share/bash-completion/completions/ccp',
        "grep -qsF completions/ccp ~/.bashrc || echo 'source ~/.local/share/bash-completion/completions/ccp' >> ~/.bashrc",
        '# zsh: then add `fpath=(~/.zfunc $fpath)` before compinit in ~/.zshrc, and start a new shell',
        'mkdir -p ~/.zfunc && ccp completion zsh > ~/.zfunc/_ccp',
        '# fish, every new shell',
        'mkdir -p ~/.config/fish/completions && ccp completion fish > ~/.config/fish/completions/ccp.fish',
      )}
Values complete too: serial numbers and uuids of devices, organizations, code types, profiles and time zones,
read from the command's target when you press TAB (at most 1 s; a second TAB within a minute answers from
the cache folder).
`,
    ),
  parse: async (_f, { args, cmd }) => ({ shell: args[0] as ShellName, program: rootOf(cmd) }),
  run: (opts, f) => runCompletion(opts, f),
});
