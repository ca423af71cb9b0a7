import { basename, dirname, join, resolve } from 'node:path';
import { Option } from 'commander';
import { decodeReport, downloadReportRequest, plainFileName } from '../../api/reports.js';
import { ApiError } from '../../api/request-errors.js';
import { sendWrite } from '../../api/write-request.js';
import { makeDirs } from '../../domain/dirs.js';
import type { ReportRequest } from '../../domain/report.js';
import {
  REPORT_FILE_TYPES,
  REPORT_TEMPLATES,
  type ReportKind,
  reportFileName,
} from '../../domain/report-kinds.js';
import { defineCommand } from '../../kit/command.js';
import { UsageError } from '../../kit/command-errors.js';
import { writeFileAtomic } from '../../kit/files.js';
import type { IO } from '../../kit/io.js';
import { type DryRunTarget, dryRunTarget, writeDryRun } from '../../kit/write/dry-run.js';
import { addDryRunFlag, type WriteFlags } from '../../kit/write/flags.js';
import { type WriteDeps, writeDeps } from '../../kit/write/send.js';
import { terminalText } from '../../output/terminal-text.js';

interface DownloadFlags extends WriteFlags, Partial<ReportKind> {
  out?: string;
  force?: boolean;
}

export interface ReportDownloadOptions extends ReportKind {
  /** With --dry-run, where the request would go: it is printed and nothing is sent. */
  dryRun?: DryRunTarget;
  /** A folder, a file, or `-` for stdout; default the report's own name in `cwd`. */
  out?: string;
  force: boolean;
  cwd: string;
  /** The clock for a report name of our own. */
  now: () => number;
}

export const reportDownload = defineCommand<ReportDownloadOptions>({
  name: 'download',
  description: 'Download a report (POST /download) and save it',
  examples: [
    'ccp report download --template edge-devices --type pdf',
    'ccp report download --template licenses --type csv -O reports/',
    'ccp report download --template code-types --type json -O - | jq .',
  ],
  declare: (cmd) =>
    addDryRunFlag(
      cmd
        .addOption(new Option('--template <key>', 'the report').choices(REPORT_TEMPLATES))
        .addOption(new Option('--type <type>', 'the file type').choices(REPORT_FILE_TYPES))
        .addOption(
          new Option(
            '-O, --out <path>',
            "where to save it: a folder or a file (default: the report's name here); - for stdout",
          ),
        )
        .addOption(new Option('--force', 'overwrite an existing file')),
    ),
  parse: async (f, { flags: typed }) => {
    const flags = typed as DownloadFlags;
    const template =
      flags.template ??
      (await f.prompter.select({ message: 'Report', flag: '--template', choices: REPORT_TEMPLATES }));
    const type =
      flags.type ??
      (await f.prompter.select({ message: 'File type', flag: '--type', choices: REPORT_FILE_TYPES }));
    return {
      dryRun: flags.dryRun ? await dryRunTarget(f) : undefined,
      template,
      type,
      out: flags.out,
      force: flags.force === true,
      cwd: process.cwd(),
      now: () => f.clock.now(),
    };
  },
  run: (opts, f) => runReportDownload(opts, writeDeps(f)),
});

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await (await import('node:fs/promises')).stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Where the file goes: into a folder under the report's name (the folder created when -O ends with /), or to
 * the path given.
 */
async function targetPath(
  out: string | undefined,
  name: () => string,
  cwd: string,
): Promise<{ path: string; named: boolean }> {
  if (out === undefined) return { path: join(cwd, name()), named: true };
  const path = resolve(cwd, out);
  if (out.endsWith('/')) {
    // Each folder made on the way is the user's alone (0700), whatever the umask: reports hold records.
    makeDirs(path);
    return { path: join(path, name()), named: true };
  }
  if (await isDirectory(path)) return { path: join(path, name()), named: true };
  if (!(await isDirectory(dirname(path)))) {
    throw new UsageError(`no folder ${dirname(path)} to save ${basename(path)} in`, {
      hint: 'end -O with / to have the folder created',
    });
  }
  return { path, named: false };
}

/**
 * The service's name for the report when it is a plain file name, else `<template>-<UTC timestamp>.<type>`
 * (cli.md): a name from the service never points outside the target folder, at a hidden file or a parent.
 */
function fileName(given: string | undefined, opts: ReportDownloadOptions, io: IO): string {
  // The sanitiser's own rule: a name it would show escaped is not one to save.
  const plain = plainFileName(given, opts.type, (text) => terminalText(text) === text);
  if (plain !== undefined) return plain;
  const name = reportFileName(opts.template, opts.type, opts.now());
  // JSON quoting shows C0 controls as escapes rather than sending them to the terminal; C1, bidirectional
  // and invisible characters and the line separators, which it leaves, are escaped the same way.
  const shown = JSON.stringify(given === undefined ? null : given.slice(0, 80)).replace(
    /[\u007f-\u009f\p{Cf}\u2028\u2029]|\p{Bidi_Control}/gu,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  io.note(`The service named the report ${shown}, not a plain file name; using ${name}.`);
  return name;
}

/** Returns the path written, or `-` for stdout (undefined on a dry run). */
export async function runReportDownload(
  opts: ReportDownloadOptions,
  deps: WriteDeps,
): Promise<string | undefined> {
  const { io } = deps;
  const req = downloadReportRequest(opts.template, opts.type);
  if (opts.dryRun) {
    writeDryRun(io, opts.dryRun, [req]);
    return undefined;
  }
  const ex = await sendWrite<ReportRequest>(await deps.api(), req);
  let file: ReturnType<typeof decodeReport>;
  try {
    file = decodeReport(ex.envelope.data[0]);
  } catch (err) {
    throw new ApiError({ code: 'CCP-RM-002', reason: (err as Error).message, httpStatus: ex.status });
  }
  // Named only where the name is used: `-O file.pdf` is the caller's own name.
  const name = () => fileName(file.name, opts, io);
  if (opts.out === '-') {
    // On a terminal the file is shown as text, every control in it escaped but its line breaks; into a pipe
    // or a file it goes as its bytes.
    const shown = io.stdoutIsTTY
      ? terminalText(new TextDecoder().decode(file.content), { keepNewlines: true })
      : file.content;
    await new Promise<void>((done, fail) => io.stdout.write(shown, (err) => (err ? fail(err) : done())));
    io.note(`Wrote ${name()} (${size(file.content.length)}) to stdout.`);
    return '-';
  }
  const target = await targetPath(opts.out, name, opts.cwd);
  // A name the user gave is theirs to keep or --force; a report's own name never collides with an earlier
  // download (two in the same second): the next free `-2`, `-3`… is taken.
  const path = await writeFileAtomic(target.path, file.content, {
    overwrite: opts.force,
    rename: target.named,
  });
  io.note(`Saved ${path} (${size(file.content.length)}).`);
  return path;
}
