// Text ccp did not write itself (a service's names and reasons, a file's values) shown on a terminal: every
// character a terminal would act on instead of showing is written as a visible escape, never sent (cli.md
// "What reaches a terminal"). ccp's own escapes (colour, the spinner) are added after, never passed through.

import { isJsonFormat } from './formats.js';

// What a terminal acts on or hides instead of showing: C0 controls, DEL, C1 controls; every bidirectional
// control (the marks LRM, RLM and ALM, the embeddings and overrides, the isolates: Unicode's Bidi_Control,
// the set report names are refused for); the line and paragraph separators; and the invisible ones a name
// can hide behind (zero-width space, joiners, word joiner and the invisible operators, the deprecated
// format characters, the Mongolian vowel separator, the byte order mark).
const OTHERS = '\\u061c\\u180e\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\ufeff';
const UNSAFE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${OTHERS}]`);
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');
const UNSAFE_BUT_NEWLINE = new RegExp(`[\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f${OTHERS}]`, 'g');

const NAMED: Record<string, string> = { '\x1b': '\\e', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const hex = (c: string, digits: number) => c.charCodeAt(0).toString(16).padStart(digits, '0');

/** `\e` for ESC, `\n` `\r` `\t`, `\x7f` and `\x9b` for the other controls, `\u202e` for a bidi control. */
function visible(c: string): string {
  return NAMED[c] ?? (c.charCodeAt(0) > 0xff ? `\\u${hex(c, 4)}` : `\\x${hex(c, 2)}`);
}

export interface TerminalTextOptions {
  /** Line breaks that are the text's own layout (a YAML document, a CSV file, ccp's lines) stay. */
  keepNewlines?: boolean;
}

/**
 * `text` safe to show on a terminal: C0 controls (line breaks too, unless kept), DEL, C1 controls and the
 * bidirectional controls escaped and visible. Text without any comes back as it is.
 */
export function terminalText(text: string, opts: TerminalTextOptions = {}): string {
  if (!UNSAFE.test(text)) return text;
  return text.replace(opts.keepNewlines ? UNSAFE_BUT_NEWLINE : UNSAFE_ALL, visible);
}

// What ends a line somewhere: LF, CR, VT, FF, NEL, and the line and paragraph separators.
const LINE_BREAKS = /[\n\r\v\f\u0085\u2028\u2029]/g;

/**
 * Text not ccp's own (a service's reason, a certificate's issuer) inside one of ccp's messages: its line
 * breaks shown as `\n`, `\r`..., on a terminal or not, so it never starts a line that passes for ccp's.
 */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAKS, visible);
}

// In valid JSON a tab, line feed or carriage return stands only between tokens (JSON.stringify and the
// service's lines alike escape them in strings), and every other control only inside a string, where a `\u`
// escape is the same text as JSON reads it back.
const UNSAFE_IN_JSON = new RegExp(
  `[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${OTHERS}]`,
  'g',
);

/**
 * JSON text safe to show on a terminal and still the same JSON: what JSON.stringify leaves raw (DEL, C1, the
 * bidirectional controls), and any control a service's own line holds, as `\u` escapes.
 */
export function terminalJson(text: string): string {
  if (!UNSAFE.test(text)) return text;
  return text.replace(UNSAFE_IN_JSON, (c) => `\\u${hex(c, 4)}`);
}

/**
 * What a format's text goes through on its way to a terminal; undefined where it goes as it is (a pipe, a
 * file) or where the format escapes each value itself (a table, the detail view).
 */
export function terminalFilter(format: string, isTTY: boolean): ((text: string) => string) | undefined {
  if (!isTTY || format === 'table') return undefined;
  if (isJsonFormat(format)) return terminalJson;
  return (text) => terminalText(text, { keepNewlines: true });
}

/** `text` of `format` (`text`: lines for people) as it goes to stdout: escaped on a terminal. */
export function onTerminal(text: string, isTTY: boolean, format = 'text'): string {
  const filter = terminalFilter(format, isTTY);
  return filter ? filter(text) : text;
}
