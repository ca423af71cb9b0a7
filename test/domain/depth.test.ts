import { describe, expect, it } from 'vitest';
import { bytesTooDeepAt, textTooDeepAt, valueTooDeep } from '../../src/domain/depth.js';

const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

describe('depth limits', () => {
  it('finds where JSON text nests past the limit, strings and escapes skipped', () => {
    expect(textTooDeepAt(nested(1000))).toBe(-1);
    expect(textTooDeepAt(nested(1001))).toBe(1000);
    expect(textTooDeepAt(`{"a":"${'['.repeat(5000)}\\"${'{'.repeat(5000)}"}`)).toBe(-1);
    expect(textTooDeepAt(nested(200_000))).toBe(1000);
    expect(bytesTooDeepAt(Buffer.from(`{"é":${nested(1001)}}`))).toBe(1005);
    expect(bytesTooDeepAt(Buffer.from(`["\\\\",${nested(999)}]`))).toBe(-1);
  });

  it('walks a value without recursion, an alias counted once', () => {
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(valueTooDeep(deep)).toBe(true);
    const shared = { a: [1, 2, 3] };
    expect(valueTooDeep({ x: shared, y: shared, z: [[[shared]]] })).toBe(false);
  });
});
