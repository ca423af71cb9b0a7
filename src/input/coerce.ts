import type { FieldKind } from './shape.js';

const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A CSV cell as the field's type wants it. A cell that does not fit is left as text, so the schema reports
 * it with the field's own message.
 */
export function coerceCell(cell: string, kind: FieldKind | undefined): unknown {
  if (kind === 'number') {
    const t = cell.trim();
    return NUMBER.test(t) ? Number(t) : cell;
  }
  if (kind === 'boolean') {
    const t = cell.trim().toLowerCase();
    if (TRUE.has(t)) return true;
    if (FALSE.has(t)) return false;
    return cell;
  }
  return cell;
}
