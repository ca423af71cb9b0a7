import { DateOnly, Timestamp } from '../domain/index.js';
import type { Column, ColumnType } from './types.js';

/** A record schema read as a tree of fields: what dot paths exist and what their leaves hold. */
export type FieldNode =
  | { kind: 'leaf'; type: ColumnType }
  | { kind: 'object'; fields: Map<string, FieldNode> }
  | { kind: 'array'; element: FieldNode }
  /** An object whose content the interface does not fix: any path below it is accepted. */
  | { kind: 'open' };

interface ZodLike {
  def?: { type?: string; element?: unknown; innerType?: unknown };
  shape?: Record<string, unknown>;
}

export function fieldTree(schema: unknown, name = ''): FieldNode {
  let s = schema as ZodLike;
  while (s.def?.type === 'optional' || s.def?.type === 'nullable') s = s.def.innerType as ZodLike;
  if (s === (Timestamp as unknown)) return { kind: 'leaf', type: 'timestamp' };
  if (s === (DateOnly as unknown)) return { kind: 'leaf', type: 'date' };
  if (s.def?.type === 'array') return { kind: 'array', element: fieldTree(s.def.element, name) };
  if (s.def?.type === 'object') {
    const entries = Object.entries(s.shape ?? {});
    if (entries.length === 0) return { kind: 'open' };
    return { kind: 'object', fields: new Map(entries.map(([k, v]) => [k, fieldTree(v, k)])) };
  }
  return { kind: 'leaf', type: name === 'uuid' || /(Uuid|UUID)$/.test(name) ? 'id' : 'text' };
}

/** The node a dot path reaches (arrays crossed), or undefined when the schema has no such path. */
export function nodeAt(root: FieldNode, path: string): FieldNode | undefined {
  let node: FieldNode | undefined = root;
  for (const key of path.split('.')) {
    while (node?.kind === 'array') node = node.element;
    if (!node) return undefined;
    if (node.kind === 'open') return node;
    if (node.kind !== 'object') return undefined;
    node = node.fields.get(key);
  }
  return node;
}

/**
 * Leaf columns under `path` ('' for the root): nested objects open into dot paths, and so do lists when
 * `openLists` (csv); a table keeps a list as one column and counts its elements.
 */
export function leafColumns(node: FieldNode, path = '', openLists = true): Column[] {
  switch (node.kind) {
    case 'leaf':
      return [{ path, type: node.type }];
    case 'open':
      return [{ path, type: 'text' }];
    case 'array':
      return openLists ? leafColumns(node.element, path, true) : [{ path, type: 'text' }];
    case 'object':
      return [...node.fields].flatMap(([k, child]) =>
        leafColumns(child, path ? `${path}.${k}` : k, openLists),
      );
  }
}
