import { stripVTControlCharacters } from 'node:util';
import Table from 'cli-table3';
import { describe, expect, it } from 'vitest';
import { TABLE_BATCH } from '../../src/output/table.js';
import { DEVICES, NOW, render } from './helpers.js';

const DAY = 86_400_000;

function lines(text: string): string[] {
  return text.split('\n').filter((l) => l !== '');
}

describe('table output', () => {
  it('shows the default columns of the kind, booleans as yes/no, timestamps as sent when not a terminal', async () => {
    expect(await render(DEVICES, 'table')).toBe(
      [
        '┌──────────────────────────────────────┬───────────────────────────┬──────────────┬──────────┬──────┬──────────┬──────────┬──────────────────────────────┐',
        '│ uuid                                 │ edgeDeviceName            │ serialNumber │ ipAdress │ port │ location │ isActive │ createdOn                    │',
        '├──────────────────────────────────────┼───────────────────────────┼──────────────┼──────────┼──────┼──────────┼──────────┼──────────────────────────────┤',
        '│ 0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3 │ Pump, "north" second line │ SN-001       │ 10.0.0.7 │ 1880 │ Plant A  │ yes      │ 2026-11-18T09:30:00*000+0000 │',
        '│ 1c7d2e3f-4051-4b6c-9d7e-8f90a1b2c3d4 │ Valve                     │              │ 10.0.0.8 │ 1881 │ Plant B  │ no       │ 2027-01-21T15:00:00*000+0530 │',
        '└──────────────────────────────────────┴───────────────────────────┴──────────────┴──────────┴──────┴──────────┴──────────┴──────────────────────────────┘',
        '',
      ].join('\n'),
    );
  });

  it('shows --fields in their order, nested arrays as counts and relative times on a terminal', async () => {
    const text = await render(DEVICES, 'table', {
      isTTY: true,
      fields: ['edgeDeviceName', 'edgeFlows', 'createdOn', 'isActive'],
    });
    expect(text).toBe(
      [
        '┌───────────────────────────┬───────────┬─────────────┬──────────┐',
        '│ edgeDeviceName            │ edgeFlows │ createdOn   │ isActive │',
        '├───────────────────────────┼───────────┼─────────────┼──────────┤',
        '│ Pump, "north" second line │ 2 flows   │ 3 days ago  │ yes      │',
        '│ Valve                     │ 0 flows   │ in 2 months │ no       │',
        '└───────────────────────────┴───────────┴─────────────┴──────────┘',
        '',
      ].join('\n'),
    );
  });

  it('takes "now" from the injected clock', async () => {
    const later = { now: () => NOW + 100 * DAY };
    const text = await render(DEVICES, 'table', { isTTY: true, fields: ['createdOn'], ...later });
    expect(lines(text).slice(3, 5)).toEqual(['│ 3 months ago │', '│ 1 month ago  │']);
  });

  it('reads date-only fields of the schema as times too, and counts a kind’s own nested arrays', async () => {
    const text = await render(
      [
        {
          uuid: 'n-1',
          type: 'EMAIL',
          createdBy: 'ops',
          isActive: true,
          createdOn: '2026-11-20',
          notificationOptions: [{ attributeName: 'to' }],
        },
      ],
      'table',
      { kind: 'notification', isTTY: true },
    );
    expect(lines(text)[1]).toBe('│ uuid │ type  │ createdBy │ isActive │ createdOn │ notificationOptions │');
    expect(lines(text)[3]).toBe('│ n-1  │ EMAIL │ ops       │ yes      │ 1 day ago │ 1 option            │');
  });

  it('shows a nested object as compact JSON', async () => {
    const text = await render([{ key: 'k', orgAddress: { city: 'Pune' } }], 'table', {
      kind: 'organization',
      fields: ['orgAddress'],
    });
    expect(lines(text)[3]).toBe('│ {"city":"Pune"} │');
  });

  it('makes the header bold only when colour is on', async () => {
    const plain = await render(DEVICES, 'table', { fields: ['port'] });
    const coloured = await render(DEVICES, 'table', { fields: ['port'], color: true });
    expect(plain).not.toContain('\u001b[');
    expect(lines(coloured)[1]).toBe('│ \u001b[1mport\u001b[22m │');
    expect(stripVTControlCharacters(coloured)).toBe(plain);
  });

  it('fits a narrow width by truncating the widest columns with an ellipsis', async () => {
    const text = await render(DEVICES, 'table', { width: 60 });
    for (const line of lines(text)) expect([...line].length).toBe(60);
    const row = lines(text)[3]!;
    expect(row).toContain('…');
    // Narrow columns keep their full text; the wide uuid and name are what gives way.
    expect(row).toContain(' 1880 ');
    expect(row).toContain(' yes ');
    expect(row).not.toContain(DEVICES[0]!.uuid!);
    expect(row).toContain(DEVICES[0]!.uuid!.slice(0, 3));
  });

  it('leaves a table that fits alone', async () => {
    expect(await render(DEVICES, 'table', { width: 500 })).toBe(await render(DEVICES, 'table'));
  });

  it('prints nothing for an empty listing', async () => {
    expect(await render([], 'table')).toBe('');
  });

  it(`prints a table every ${TABLE_BATCH} rows and the rest at the end`, async () => {
    const records = Array.from({ length: TABLE_BATCH + 500 }, (_, i) => ({ uuid: `d-${i}`, port: i }));
    const text = await render(records, 'table', { fields: ['uuid', 'port'] });
    const all = lines(text);
    expect(all.filter((l) => l.startsWith('┌'))).toHaveLength(2);
    expect(all.filter((l) => l.startsWith('│ d-'))).toHaveLength(TABLE_BATCH + 500);
    const secondTop = all.findIndex((l, i) => i > 0 && l.startsWith('┌'));
    expect(all[secondTop - 2]).toContain(`d-${TABLE_BATCH - 1} `);
    expect(all[secondTop + 3]).toContain(`d-${TABLE_BATCH} `);
  });

  it('draws every row exactly as cli-table3 would, wide and combining characters included', async () => {
    const records = [
      { uuid: 'a', edgeDeviceName: '東京 pump', location: 'café', serialNumber: '🚀 x' },
      { uuid: 'b', edgeDeviceName: 'plain', location: 'cafe\u0301', serialNumber: '한국어' },
      { uuid: 'c', edgeDeviceName: 'ｆｕｌｌ', location: '', serialNumber: 'x' },
    ];
    const fields = ['uuid', 'edgeDeviceName', 'location', 'serialNumber'];
    const expected = new Table({ head: fields, style: { head: [], border: [], compact: true } });
    for (const r of records) expected.push(fields.map((f) => r[f as keyof typeof r]));
    expect(await render(records, 'table', { fields })).toBe(`${expected.toString()}\n`);
  });

  it('truncates wide characters by the columns they take', async () => {
    const records = [
      { uuid: 'a', edgeDeviceName: '東京東京東京東京東京東京' },
      { uuid: 'b', edgeDeviceName: 'x' },
    ];
    const text = await render(records, 'table', { fields: ['uuid', 'edgeDeviceName'], width: 16 });
    expect(lines(text)[3]).toBe('│ a    │ 東京… │');
    expect(lines(text)[4]).toBe('│ b    │ x     │');
  });
});

describe('fitting keeps identifiers whole', () => {
  it('shrinks the other columns first, and only shrinks a uuid when nothing else can give', async () => {
    const { fitWidths } = await import('../../src/output/fit.js');
    // uuid (36), name (30), location (20) into 70 columns: overhead 10, budget 60.
    expect(fitWidths([36, 30, 20], 70, [true, false, false])).toEqual([36, 12, 12]);
    // Without the mark the widest (the uuid) would be cut.
    expect(fitWidths([36, 30, 20], 70)[0]).toBeLessThan(36);
    // Too narrow for the others at their minimum: everything shrinks together.
    expect(fitWidths([36, 30, 20], 40, [true, false, false])[0]).toBeLessThan(36);
  });
});
