import { terminalText } from '../output/terminal-text.js';
import { CancelledError, UsageError } from './errors.js';
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
  };
}
