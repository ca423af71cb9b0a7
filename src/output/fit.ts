/** Border and padding cli-table3 adds: one space each side of a cell, one rule between and around columns. */
export function tableOverhead(columns: number): number {
  return 3 * columns + 1;
}

const MIN_COLUMN = 3;

export function textWidth(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * Content widths that fit a table into `width` terminal columns: the widest columns shrink first, down to
 * a common cap, and whatever room is left goes back to them one column at a time.
 */
export function fitWidths(natural: readonly number[], width: number): number[] {
  if (!Number.isFinite(width) || width <= 0) return [...natural];
  const budget = width - tableOverhead(natural.length);
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= budget) return [...natural];
  const used = (cap: number) => natural.reduce((sum, w) => sum + Math.min(w, cap), 0);
  let low = MIN_COLUMN;
  let high = Math.max(...natural);
  if (used(low) > budget) return natural.map((w) => Math.min(w, MIN_COLUMN));
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (used(mid) <= budget) low = mid;
    else high = mid - 1;
  }
  let spare = budget - used(low);
  return natural.map((w) => {
    if (w <= low) return w;
    if (spare > 0) {
      spare--;
      return low + 1;
    }
    return low;
  });
}

/** Cuts text to `width` columns, marking the cut with an ellipsis. */
export function truncate(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  if (width <= 0) return '';
  return `${[...text].slice(0, width - 1).join('')}…`;
}
