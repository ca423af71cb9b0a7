import { describe, expect, it } from 'vitest';
import { DEVICES, render } from './helpers.js';

describe('json output', () => {
  it('prints the records as a 2-space indented array, byte for byte what JSON.stringify gives', async () => {
    const text = await render(DEVICES, 'json');
    expect(text).toBe(`${JSON.stringify(DEVICES, null, 2)}\n`);
    expect(JSON.parse(text)).toEqual(DEVICES);
  });

  it('nests records one level inside the array', async () => {
    const text = await render([{ a: 1, b: [{ c: 'x' }] }, { a: 2 }], 'json');
    expect(text).toBe(
      ['[', '  {', '    "a": 1,', '    "b": [', '      {', '        "c": "x"', '      }', '    ]', '  },']
        .concat(['  {', '    "a": 2', '  }', ']', ''])
        .join('\n'),
    );
  });

  it('prints [] for an empty listing', async () => {
    expect(await render([], 'json')).toBe('[]\n');
  });

  it('keeps only --fields, in their order, with null for a field a record lacks', async () => {
    const text = await render(DEVICES, 'json', { fields: ['port', 'serialNumber', 'uuid'] });
    expect(text).toBe(
      `${JSON.stringify(
        [
          { port: 1880, serialNumber: 'SN-001', uuid: DEVICES[0]!.uuid },
          { port: 1881, serialNumber: null, uuid: DEVICES[1]!.uuid },
        ],
        null,
        2,
      )}\n`,
    );
    expect(Object.keys(JSON.parse(text)[0])).toEqual(['port', 'serialNumber', 'uuid']);
  });
});
