import { truncate } from '../output/fit.js';
import { terminalText } from '../output/terminal-text.js';
import { CancelledError, UsageError } from './command-errors.js';
import type { IO } from './io.js';

export interface PromptBase {
  message: string;
  /** The flag that would have given the value; named in the error when prompting is not allowed. */
  flag: string;
}

export interface Prompter {
  input(
    opts: PromptBase & { default?: string; validate?: (value: string) => true | string },
  ): Promise<string>;
  password(opts: PromptBase): Promise<string>;
  confirm(opts: PromptBase & { default?: boolean }): Promise<boolean>;
  select<T extends string>(opts: PromptBase & { choices: readonly T[]; default?: T }): Promise<T>;
  /**
   * A value picked from `choices`, narrowed as the user types (matching the value or its name), or typed
   * whole when `typed` accepts it (a uuid the list does not hold).
   */
  search(
    opts: PromptBase & { choices: readonly Choice[]; typed: (text: string) => boolean },
  ): Promise<string>;
}

/** One value a prompt offers, with the name a person knows it by. */
export interface Choice {
  value: string;
  name: string;
}

function notAllowed(flag: string): UsageError {
  // `<uuid>` names an argument, `--org` a flag.
  const what = flag.startsWith('<') ? `argument ${flag}` : flag;
  return new UsageError(`missing required ${what}`, {
    hint: `pass ${flag} (prompting needs a terminal and is off with --no-input or under CI)`,
  });
}

// Ctrl-C at a prompt (the terminal is raw, so no SIGINT comes: inquirer sees the key) or a SIGINT that
// aborted io.signal while one was open.
const PROMPT_CANCELLED = new Set(['ExitPromptError', 'AbortPromptError']);

type StyleText = typeof import('node:util').styleText;

// inquirer's own styles, around text escaped first (output/terminal-text.ts).
const shownEscaped = (styleText: StyleText) => ({
  style: {
    defaultAnswer: (text: string) => styleText('dim', `(${terminalText(text)})`),
    error: (text: string) => styleText('red', `> ${terminalText(text, { keepNewlines: true })}`),
  },
});

/** Prompts with @inquirer/prompts, imported on first use; refuses when io says prompts are not allowed. */
export function inquirerPrompter(io: IO): Prompter {
  const context = () => ({ input: io.stdin, output: io.stderr as NodeJS.WritableStream, signal: io.signal });
  const ask = async <T>(
    flag: string,
    prompt: (p: typeof import('@inquirer/prompts'), styleText: StyleText) => Promise<T>,
  ) => {
    if (!io.canPrompt()) throw notAllowed(flag);
    try {
      // node:util with the prompts, not at start-up: its module loads the worker modules.
      const [p, { styleText }] = await Promise.all([import('@inquirer/prompts'), import('node:util')]);
      return await prompt(p, styleText);
    } catch (err) {
      if (!(err instanceof Error && PROMPT_CANCELLED.has(err.name))) throw err;
      // One Ctrl-C, wherever it was pressed: the interrupt hooks run as for a SIGINT.
      io.interrupt();
      throw new CancelledError();
    }
  };
  return {
    input: (o) =>
      ask(o.flag, (p, styleText) =>
        p.input(
          {
            message: terminalText(o.message),
            default: o.default,
            validate: o.validate,
            // A default (a file's or the service's value) and what Tab puts in show escaped; the answer is
            // still the value itself.
            transformer: (value, { isFinal }) =>
              isFinal ? styleText('cyan', terminalText(value)) : terminalText(value),
            theme: shownEscaped(styleText),
          },
          context(),
        ),
      ),
    // No mask: typed without echo, as ssh and sudo ask, not even the length shown.
    password: (o) =>
      ask(o.flag, (p, styleText) =>
        p.password({ message: terminalText(o.message), theme: shownEscaped(styleText) }, context()),
      ),
    confirm: (o) =>
      ask(o.flag, (p) => p.confirm({ message: terminalText(o.message), default: o.default }, context())),
    select: (o) =>
      ask(o.flag, (p) =>
        p.select(
          {
            message: terminalText(o.message),
            choices: o.choices.map((c) => ({ value: c, name: terminalText(c) })),
            default: o.default,
          },
          context(),
        ),
      ),
    search: (o) =>
      ask(o.flag, (p) => {
        // A line of the list is its cursor, the name and the uuid whole: the name is cut to fit the terminal.
        const columns = (io.stderr as NodeJS.WriteStream).columns || 80;
        const nameWidth = Math.max(
          10,
          columns - 3 - 2 - Math.max(0, ...o.choices.map((c) => c.value.length)),
        );
        return p.search(
          {
            message: terminalText(o.message),
            source: (term) => {
              const text = (term ?? '').trim();
              const needle = text.toLowerCase();
              const shown = o.choices
                .filter(
                  (c) => c.value.toLowerCase().includes(needle) || c.name.toLowerCase().includes(needle),
                )
                .map((c) => ({
                  value: c.value,
                  name: `${truncate(terminalText(c.name), nameWidth)}  ${c.value}`,
                  short: terminalText(c.name),
                }));
              const known = o.choices.some((c) => c.value.toLowerCase() === needle);
              return text !== '' && !known && o.typed(text) ? [{ value: text, name: text }, ...shown] : shown;
            },
            pageSize: 10,
          },
          context(),
        );
      }),
  };
}

/** A prompter that answers from a list, in order (tests); with no answers left it behaves as --no-input. */
export function scriptedPrompter(answers: Array<string | boolean>): Prompter & { asked: string[] } {
  const asked: string[] = [];
  const next = (o: PromptBase) => {
    asked.push(o.message);
    if (answers.length === 0) throw notAllowed(o.flag);
    return answers.shift()!;
  };
  return {
    asked,
    async input(o) {
      return String(next(o));
    },
    async password(o) {
      return String(next(o));
    },
    async confirm(o) {
      return Boolean(next(o));
    },
    async select<T extends string>(o: PromptBase & { choices: readonly T[] }) {
      const v = String(next(o));
      if (!o.choices.includes(v as T))
        throw new UsageError(`${o.flag} must be one of ${o.choices.join(', ')}`);
      return v as T;
    },
    // The answer is what the user would type: a name is looked up as the prompt would narrow to it.
    async search(o) {
      const v = String(next(o));
      const named = o.choices.find((c) => c.name === v);
      if (named) return named.value;
      if (o.choices.some((c) => c.value === v) || o.typed(v)) return v;
      throw new UsageError(`${o.flag}: ${v} is not one of the ${o.choices.length} offered`);
    },
  };
}
