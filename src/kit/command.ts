// One shape for every command, after gh's `NewCmdX(f, runF)`: a command declares its arguments and flags,
// `parse` turns what was typed into one options object (flags checked, missing values asked for), and `run`
// holds the behaviour. Tests build the options object and call `run`, or register with a run of their own.
import type { Command } from 'commander';
import type { Factory } from './factory.js';
import { examples } from './help.js';
import { deferDeclaration, deferVerbs, fillVerbs } from './verbs.js';

/** What was typed: the arguments as their parsers left them, the flags, and the command itself. */
export interface Typed {
  args: unknown[];
  flags: Record<string, unknown>;
  cmd: Command;
}

export interface CommandSpec<Opts> {
  /** The verb's name (`list`), or a top-level command's (`login`). */
  name: string;
  aliases?: readonly string[];
  description: string;
  /** Shown after the help, one `$ ccp ...` line each; each one works on the demo data. */
  examples: readonly string[];
  /** Declares the arguments and flags on the commander command. */
  declare?: (cmd: Command, f: Factory) => void;
  /** The options object from what was typed; undefined when there is nothing to run (help, a skeleton). */
  parse: (f: Factory, typed: Typed) => Promise<Opts | undefined>;
  /** The behaviour. */
  run: (opts: Opts, f: Factory) => Promise<unknown>;
}

export type RunF<Opts> = (opts: Opts, f: Factory) => Promise<unknown>;

export interface CommandDef<Opts> {
  spec: CommandSpec<Opts>;
  /** Adds the command under `parent`; `run` replaces the spec's (a test's stand-in). */
  register(parent: Command, f: Factory, run?: RunF<Opts>): Command;
}

export function defineCommand<Opts>(spec: CommandSpec<Opts>): CommandDef<Opts> {
  return {
    spec,
    register(parent, f, run = spec.run) {
      const cmd = parent.command(spec.name).description(spec.description);
      if (spec.aliases) cmd.aliases(spec.aliases);
      // Declared when dispatched to (its parent's preSubcommand hook) or shown (verbs.ts).
      deferDeclaration(cmd, () => {
        spec.declare?.(cmd, f);
        if (spec.examples.length > 0) cmd.addHelpText('after', examples(...spec.examples));
      });
      return cmd.action(async () => {
        const opts = await spec.parse(f, { args: cmd.processedArgs, flags: cmd.opts(), cmd });
        if (opts !== undefined) await run(opts, f);
      });
    },
  };
}

/** What a group holds: a verb, or a sub-group (`server token`). */
export interface Registrable {
  register(parent: Command, f: Factory): Command;
}

/** A command group (`ccp edgedevice`): its verbs are added when the group is first used. */
export function defineGroup(spec: {
  name: string;
  aliases?: readonly string[];
  description: string;
  /** Help text after the verbs' list. */
  help?: string;
  verbs: readonly Registrable[];
}): Registrable {
  return {
    register(program, f) {
      const group = program.command(spec.name).description(spec.description);
      if (spec.aliases) group.aliases(spec.aliases);
      if (spec.help) group.addHelpText('after', spec.help);
      // A sub-group's verbs wait too: the root's hook fills only the groups directly under it.
      group.hook('preSubcommand', (_group, sub) => fillVerbs(sub));
      return deferVerbs(group, () => {
        for (const verb of spec.verbs) verb.register(group, f);
      });
    },
  };
}
