import type { Command, Option } from 'commander';
import { PROFILE_KEYS } from '../../config/keys.js';
import { type RecordKind, recordFields } from '../../domain/index.js';
import { REPORT_FILE_TYPES, REPORT_TEMPLATES } from '../../domain/report-kinds.js';
import type { LiveKind } from './live-kinds.js';

// Shell completions generated from the commander tree, so they cannot fall behind the commands:
// a test regenerates them and compares with the checked-in files in completions/.

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

export interface CompletionOption {
  short?: string;
  long: string;
  description: string;
  takesValue: boolean;
  /** Completes a file name. */
  file: boolean;
}

export interface CompletionCommand {
  /** Subcommand names from the root, joined by spaces; '' for the root. */
  path: string;
  name: string;
  aliases: string[];
  description: string;
  subcommands: CompletionCommand[];
  /** Options the command defines itself; those of its ancestors apply too. */
  options: CompletionOption[];
  /** Values of the first positional argument, if known. */
  argValues: string[];
  /** Values read when completing, from `ccp __complete <kind>` (the target's records, profiles...). */
  argLive?: LiveKind;
  argIsFile: boolean;
}

/** Values known when generating, or a kind `ccp __complete` reads when completing. */
export type ValueSource = readonly string[] | { live: LiveKind };

/** What the commander tree cannot say: value sets that live in the domain or in the config file. */
export interface CompletionHints {
  /** Record kind printed under a command path (longest prefix wins), for `--fields`. */
  kinds: Record<string, RecordKind>;
  /** Values of an option, keyed `path|--long`; they apply to the path and every command under it. */
  optionValues: Record<string, ValueSource>;
  /** Values of the positional arguments, keyed by path. */
  argValues: Record<string, ValueSource>;
}

const live = (kind: LiveKind) => ({ live: kind });

export const DEFAULT_HINTS: CompletionHints = {
  kinds: {
    license: 'license',
    code: 'code',
    codetype: 'codeType',
    edgedevice: 'edgeDevice',
    org: 'organization',
    'org options': 'organizationOption',
    notify: 'notification',
    'notify configure': 'notificationConfiguration',
    report: 'report',
  },
  optionValues: {
    'report download|--template': REPORT_TEMPLATES,
    'report download|--type': REPORT_FILE_TYPES,
    'server token create|--role': ['admin', 'operator', 'viewer'],
    '|--profile': live('profile'),
    '|--org': live('org'),
    '|--user': live('user'),
    '|--time-zone': live('zone'),
    'server clone|--from': live('profile'),
  },
  argValues: {
    'config get': PROFILE_KEYS,
    'config set': PROFILE_KEYS,
    'config unset': PROFILE_KEYS,
    completion: SHELLS,
    api: ['GET', 'POST', 'PUT', 'DELETE'],
    'config use': live('profile'),
    'edgedevice get': live('device'),
    'edgedevice push': live('device'),
    'org list': live('org'),
    'org get': live('org'),
    'org update': live('org'),
    'codetype get': live('codetype'),
    'license get': live('license'),
    'license activate': live('license'),
    'license deactivate': live('license'),
  },
};

export interface CompletionModel {
  root: CompletionCommand;
  /** Every command, root first, parents before children. */
  commands: CompletionCommand[];
  help: CompletionOption[];
  /** Values of value-taking options: `path|flag` (exact path, or path and below when `inherit`). */
  values: {
    path: string;
    flags: string[];
    values: string[];
    live?: LiveKind;
    inherit: boolean;
    list: boolean;
  }[];
}

// Names and values are emitted unquoted inside case patterns and word lists: keep them to plain words.
const SAFE_WORD = /^[A-Za-z0-9_./@+-]+$/;
const safe = (words: readonly string[]) => words.filter((w) => SAFE_WORD.test(w));

// <file>, <path>, <output-file> but not <profile>.
const FILE_ARG = /(^|[^a-z])(file|path|dir)$/i;

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').trim();
}

function optionModel(o: Option): CompletionOption | undefined {
  if (!o.long || !SAFE_WORD.test(o.long)) return undefined;
  const valueName = /[<[]([^>\]]+)[>\]]/.exec(o.flags)?.[1] ?? '';
  const model: CompletionOption = {
    long: o.long,
    description: firstLine(o.description ?? ''),
    takesValue: o.required || o.optional,
    file: FILE_ARG.test(valueName),
  };
  if (o.short && SAFE_WORD.test(o.short)) model.short = o.short;
  return model;
}

function commandModel(
  cmd: Command,
  path: string,
  hints: CompletionHints,
  isRoot: boolean,
): CompletionCommand {
  const help = cmd.createHelp();
  const options = help
    .visibleOptions(cmd)
    .filter((o) => o.long !== '--help')
    .map(optionModel)
    .filter((o): o is CompletionOption => o !== undefined);
  const subs = help
    .visibleCommands(cmd)
    .filter((c) => SAFE_WORD.test(c.name()) && (isRoot || c.name() !== 'help'))
    .map((c) => commandModel(c, path ? `${path} ${c.name()}` : c.name(), hints, false));
  const first = cmd.registeredArguments[0];
  const hinted = hints.argValues[path];
  const argValues = (hinted && 'live' in hinted ? [] : hinted) ?? first?.argChoices ?? [];
  return {
    path,
    name: cmd.name(),
    aliases: safe(cmd.aliases()),
    description: firstLine(cmd.summary() || cmd.description()),
    subcommands: subs,
    options,
    argValues: safe(argValues),
    ...(hinted && 'live' in hinted ? { argLive: hinted.live } : {}),
    argIsFile: !!first && FILE_ARG.test(first.name()),
  };
}

function kindOf(path: string, kinds: Record<string, RecordKind>): RecordKind | undefined {
  const words = path.split(' ');
  for (let n = words.length; n > 0; n--) {
    const kind = kinds[words.slice(0, n).join(' ')];
    if (kind) return kind;
  }
  return undefined;
}

/** Reads the commander tree into the shape the emitters share. */
export function buildCompletionModel(
  program: Command,
  hints: CompletionHints = DEFAULT_HINTS,
): CompletionModel {
  const root = commandModel(program, '', hints, true);
  const commands: CompletionCommand[] = [];
  const visit = (c: CompletionCommand) => {
    commands.push(c);
    c.subcommands.forEach(visit);
  };
  visit(root);

  const helpOption = program
    .createHelp()
    .visibleOptions(program)
    .find((o) => o.long === '--help');
  const help = helpOption ? [optionModel(helpOption)!] : [];

  const values: CompletionModel['values'] = [];
  const fieldsAt = commands.filter((c) => c.options.some((o) => o.long === '--fields'));
  for (const c of commands) {
    const declared = fieldsAt.some(
      (d) => d.path === c.path || d.path === '' || c.path.startsWith(`${d.path} `),
    );
    const kind = c.path ? kindOf(c.path, hints.kinds) : undefined;
    // Groups print no records; their leaves do.
    if (declared && kind && c.subcommands.length === 0) {
      values.push({
        path: c.path,
        flags: ['--fields'],
        values: safe(recordFields(kind)),
        inherit: false,
        list: true,
      });
    }
  }
  // Deeper paths first, so a subcommand's own values win over an ancestor's.
  for (const c of [...commands].reverse()) {
    for (const o of c.options) {
      if (!o.takesValue) continue;
      const hinted = hints.optionValues[`${c.path}|${o.long}`];
      const flags = o.short ? [o.short, o.long] : [o.long];
      if (hinted && 'live' in hinted) {
        values.push({ path: c.path, flags, values: [], live: hinted.live, inherit: true, list: false });
        continue;
      }
      const choices = hinted ?? findChoices(program, c.path, o.long);
      if (!choices?.length) continue;
      values.push({ path: c.path, flags, values: safe(choices), inherit: true, list: false });
    }
  }
  return { root, commands, help, values };
}

function findChoices(program: Command, path: string, long: string): readonly string[] | undefined {
  let cmd: Command | undefined = program;
  for (const word of path ? path.split(' ') : []) cmd = cmd?.commands.find((c) => c.name() === word);
  return cmd?.options.find((o) => o.long === long)?.argChoices;
}

export function fileOptions(model: CompletionModel): { path: string; flags: string[] }[] {
  return model.commands.flatMap((c) =>
    c.options.filter((o) => o.takesValue && o.file).map((o) => ({ path: c.path, flags: flagsOf(o) })),
  );
}

export function flagsOf(o: CompletionOption): string[] {
  return o.short ? [o.short, o.long] : [o.long];
}

export const GENERATED_NOTE =
  'Generated from the command tree by `npm run completions`; do not edit by hand.';
