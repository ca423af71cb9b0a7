// Help text shared by the root program and every command. It lives apart from program.ts, which imports
// the command tree, so that command files never import back from it.

/** "Examples:" help text, one `$ ccp ...` line per example (comments start with #). */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => (l.startsWith('#') ? `  ${l}` : `  $ ${l}`)).join('\n')}\n`;
}
