import type { Command } from 'commander';
import { fillAllVerbs } from '../../kit/verbs.js';
import type { Shell } from './model.js';

/** The completion script for one shell, generated from a commander tree. */
export async function generateCompletion(shell: Shell, program: Command): Promise<string> {
  const { buildCompletionModel } = await import('./model.js');
  const model = buildCompletionModel(fillAllVerbs(program));
  switch (shell) {
    case 'bash':
      return (await import('./bash.js')).bashCompletion(model);
    case 'zsh':
      return (await import('./zsh.js')).zshCompletion(model);
    case 'fish':
      return (await import('./fish.js')).fishCompletion(model);
  }
}
