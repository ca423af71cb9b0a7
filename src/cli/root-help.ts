import { Command, CommanderError, type Help, type HelpContext } from 'commander';
import { defineCommand } from '../kit/command.js';
import { declare, fillVerbs } from '../kit/verbs.js';
import { reportLine } from '../kit/version.js';

/** Where a user reads more than a command's help. */
export const DOCS_LINE =
  'Docs: README.md in the ccp package (a tour of every command), and `ccp <command> --help`.';

// Commands that act on the service's resources, as opposed to the tool's own (api, server, config...).
const RESOURCES = new Set(['edgedevice', 'org', 'codetype', 'code', 'license', 'notify', 'report']);

/** `ccp` alone: usage, the resource commands and where to read more, in a dozen lines. */
export function shortHelp(program: Command): string {
  const visible = program.commands.filter((c) => c.name() !== 'help');
  const width = Math.max(...visible.map((c) => c.name().length)) + 2;
  const line = (c: Command) => `  ${c.name().padEnd(width)}${c.description().split('\n')[0]}`;
  const resources = visible.filter((c) => RESOURCES.has(c.name()));
  const others = visible.filter((c) => !RESOURCES.has(c.name())).map((c) => c.name());
  return [
    'Usage: ccp <command> <verb> [flags]',
    '',
    program.description(),
    '',
    'Resource commands:',
    ...resources.map(line),
    '',
    `Also: ${others.join(', ')}`,
    '',
    '`ccp <command> --help` lists its verbs; `ccp help <command> <verb>` shows one; `ccp --help` every global flag.',
    DOCS_LINE,
    ...[reportLine()].filter((l) => l !== undefined),
    '',
  ].join('\n');
}

/**
 * The root command: alone (no command given), it prints the short help on stdout and exits 0, where
 * commander would print the whole help on stderr as an error.
 */
export class RootCommand extends Command {
  override help(context?: HelpContext | ((text: string) => string)): never {
    if (typeof context === 'object' && context.error && this.args.length === 0) {
      this.configureOutput().writeOut?.(shortHelp(this));
      throw new CommanderError(0, 'ccp.shortHelp', '(short help)');
    }
    return super.help(context as HelpContext);
  }
}

/** `ccp help [command...]`: the help of any command path (`ccp help edgedevice list`), not just a group's. */
export const helpCommand = defineCommand<{ path: string[]; program: Command }>({
  name: 'help',
  description: 'show help for a command: ccp help <command> [verb]',
  examples: [],
  declare: (cmd) => cmd.argument('[command...]', 'the command path'),
  parse: async (_f, { args, cmd }) => ({
    path: (args[0] as string[] | undefined) ?? [],
    program: cmd.parent!,
  }),
  run: async ({ path, program }) => {
    let target: Command = program;
    for (const word of path) {
      const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
      if (!next)
        target.error(
          `error: unknown command '${path.slice(0, path.indexOf(word) + 1).join(' ')}'${suggestion(word, target)}`,
        );
      else {
        fillVerbs(next);
        target = next;
      }
    }
    target.outputHelp();
  },
});

/** `(Did you mean one of list, ls?)`, as commander suggests for `ccp edgedevice lst`. */
function suggestion(word: string, parent: Command): string {
  const names = parent.commands.flatMap((c) =>
    c.name() === 'help' ? [] : [c.name(), ...c.aliases().slice(0, 1)],
  );
  let best = Math.max(3, word.length);
  let similar: string[] = [];
  for (const name of names) {
    if (name.length <= 1) continue;
    const distance = editDistance(word, name);
    const length = Math.max(word.length, name.length);
    if ((length - distance) / length <= 0.4) continue;
    if (distance < best) {
      best = distance;
      similar = [name];
    } else if (distance === best) similar.push(name);
  }
  similar.sort();
  if (similar.length > 1) return `\n(Did you mean one of ${similar.join(', ')}?)`;
  return similar.length === 1 ? `\n(Did you mean ${similar[0]}?)` : '';
}

/** Damerau-Levenshtein distance (adjacent transpositions count one), the measure commander suggests by. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

const PLAIN_NAME = /^[a-z0-9-]+$/;

/**
 * Subcommands, declared, in name order: the order of commander's `sortSubcommands` (String#localeCompare). Names of
 * lowercase letters, digits and '-' compare the same by code point, which spares `--help` loading ICU's
 * collator; any other name still goes through localeCompare.
 */
export function visibleCommands(this: Help, cmd: Command): Command[] {
  const commands = Object.getPrototypeOf(this).visibleCommands.call(this, cmd) as Command[];
  // The list shows each one's arguments and `[options]`: declared now if they were waiting (kit/verbs.ts).
  for (const c of commands) declare(c);
  return commands.sort((a, b) => {
    const x = a.name();
    const y = b.name();
    if (!PLAIN_NAME.test(x) || !PLAIN_NAME.test(y)) return x.localeCompare(y);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/**
 * A verb's help lists its own flags and points to `ccp --help` for the global ones, instead of repeating
 * twenty lines under every command.
 */
export function formatHelp(cmd: Command, helper: Help): string {
  const text = Object.getPrototypeOf(helper).formatHelp.call(helper, cmd, helper) as string;
  if (!cmd.parent) return `${text}\n${[DOCS_LINE, reportLine()].filter(Boolean).join('\n')}\n`;
  return `${text}\nGlobal flags (--output, --fields, --query, --base-url...): see \`ccp --help\`.\n`;
}
