// CSV is for spreadsheets (cli.md): a text cell a spreadsheet would read as a formula is written with a
// leading `'` (OWASP's rule), and ccp's own CSV input drops that one quote again. csv-stringify's
// `escape_formulas` quotes cells starting with = + - @ tab CR and their fullwidth forms, and leaves numbers;
// the writers turn it on and add here what it misses.

// What starts a formula: the characters escape_formulas knows, and the line feed it does not.
const FORMULA_CHARS = '=+\\-@\\t\\r\\n\\uFF1D\\uFF0B\\uFF0D\\uFF20';
// A text that needs the quote escape_formulas does not give it: a leading line feed, or quotes before a
// formula character (a stored `'=x` is written `''=x`, so that input's one-quote drop gives `'=x` back).
const GAP = new RegExp(`^(?:\\n|'+[${FORMULA_CHARS}])`);
// A cell of ccp's own quoting: one quote, then (maybe more quotes and) a formula character.
const QUOTED = new RegExp(`^'+[${FORMULA_CHARS}]`);

/** csv-stringify's `cast.string` beside `escape_formulas: true`: the quote for the cells it leaves out. */
export function quoteFormulaGap(text: string): string {
  return GAP.test(text) ? `'${text}` : text;
}

/** A CSV cell as read back: the one leading `'` the writers add before a formula character dropped. */
export function unquoteFormula(cell: string): string {
  // Most cells do not start with a quote: one comparison spares them the expression (every cell of a file).
  return cell.charCodeAt(0) === 0x27 && QUOTED.test(cell) ? cell.slice(1) : cell;
}
