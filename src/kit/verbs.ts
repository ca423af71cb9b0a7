import type { Command } from 'commander';

// The tree is built as far as a command line walks it. A group's verbs are added when the group is first
// used (its own help or one of its verbs): building every group's verbs (commander parses each option's
// flags) cost every command a share of its start-up, to run one of them. A command's own arguments, flags
// and examples are declared when it is dispatched to or listed in a help: the verbs beside the one that
// runs are names and descriptions only.
const waiting = new WeakMap<Command, () => void>();
const undeclared = new WeakMap<Command, () => void>();

/** Adds `fill`'s verbs to `group` when the group is used (see fillVerbs); returns the group. */
export function deferVerbs(group: Command, fill: () => void): Command {
  waiting.set(group, fill);
  return group;
}

/** Declares `cmd`'s arguments and flags when it is used (see fillVerbs); returns the command. */
export function deferDeclaration(cmd: Command, declare: () => void): Command {
  undeclared.set(cmd, declare);
  return cmd;
}

/** Declares the arguments and flags of `cmd` if they are still waiting: what a help's list shows of it. */
export function declare(cmd: Command): void {
  const fill = undeclared.get(cmd);
  if (!fill) return;
  undeclared.delete(cmd);
  fill();
}

/** Makes `cmd` whole before it parses or is shown: its own declaration, and its verbs if still waiting. */
export function fillVerbs(cmd: Command): void {
  declare(cmd);
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
