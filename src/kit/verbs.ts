import type { Command } from 'commander';

// A group's verbs are added when the group is first used: its own help or one of its verbs. Building every
// group's verbs (commander parses each option's flags) cost every command a share of its start-up, to run
// one of them.
const waiting = new WeakMap<Command, () => void>();

/** Adds `fill`'s verbs to `group` when the group is used (see fillVerbs); returns the group. */
export function deferVerbs(group: Command, fill: () => void): Command {
  waiting.set(group, fill);
  return group;
}

/** Adds the verbs of `cmd` if they are still waiting. */
export function fillVerbs(cmd: Command): void {
  const fill = waiting.get(cmd);
  if (!fill) return;
  waiting.delete(cmd);
  fill();
}

/** Adds every group's verbs: what walks the whole tree (completions, `ccp help <command> <verb>`). */
export function fillAllVerbs(cmd: Command): Command {
  fillVerbs(cmd);
  for (const sub of cmd.commands) fillAllVerbs(sub);
  return cmd;
}
