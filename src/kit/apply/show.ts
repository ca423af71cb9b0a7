// What every apply shows: the counts on stderr, the plan as a table on stdout (table) or, at the end, one
// document holding the plan and what was saved (json, yaml, ndjson), and the question before applying.

import type { RecordKind } from '../../domain/index.js';
import { onTerminal } from '../../output/terminal-text.js';
import { UsageError } from '../command-errors.js';
import type { IO } from '../io.js';
import { type OutputSpec, writeRecords } from '../printing.js';
import type { Prompter } from '../prompter.js';
import { type PlanRow, planTable } from './render.js';

export interface ShownPlan {
  io: IO;
  output: OutputSpec;
  /** The counts line (stderr). */
  summary: string;
  /** Changes applying would send, for the question. */
  changes: number;
  rows: PlanRow[];
  /** What the records are, plural, for the question. */
  noun: string;
  keyHeader: string;
  /** The plan as json/yaml/ndjson print it. */
  doc: object;
  kind: RecordKind;
  /** Columns of the saved records' table. */
  savedFields: string[];
}

/** A plan is a document, not a list of records: csv cannot hold it. */
export function checkPlanFormat(output: OutputSpec): void {
  if (output.format === 'csv')
    throw new UsageError('apply prints its plan as table, json, ndjson or yaml, not csv', {
      hint: 'pass -o json (or --json)',
    });
}

export async function showPlan(s: ShownPlan): Promise<void> {
  s.io.note(s.summary);
  if (s.output.format === 'table') s.io.stdout.write(await planTable(s.rows, s.output.width, s.keyHeader));
}

/** Asks on a terminal unless --yes; without one (or with --no-input, or under CI) it applies. */
export async function confirmApply(s: ShownPlan, prompter: Prompter, yes: boolean): Promise<boolean> {
  if (yes || !s.io.canPrompt()) return true;
  // The plan went to stdout as a document printed at the end: show it to the person being asked.
  if (s.output.format !== 'table')
    s.io.stderr.write(await planTable(s.rows, s.io.terminalWidth(), s.keyHeader));
  const n = s.changes;
  return prompter.confirm({
    message: `Apply ${n} ${n === 1 ? 'change' : 'changes'} to ${s.noun}?`,
    flag: '--yes',
    default: false,
  });
}

/** The end of the output: the saved records (table), or the plan document with what was saved. */
export async function writeResult(s: ShownPlan, saved: object[] | undefined): Promise<void> {
  const { io, output } = s;
  if (output.format === 'table') {
    if (saved)
      await writeRecords(io, { ...output, fields: output.fields ?? s.savedFields }, s.kind, saved, '');
    return;
  }
  const doc = saved ? { ...s.doc, saved } : s.doc;
  const text =
    output.format === 'ndjson'
      ? `${JSON.stringify(doc)}\n`
      : output.format === 'yaml'
        ? (await import('yaml')).stringify(doc)
        : `${JSON.stringify(doc, null, 2)}\n`;
  io.stdout.write(onTerminal(text, io.stdoutIsTTY, output.format));
}
