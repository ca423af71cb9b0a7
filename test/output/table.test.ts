import { stripVTControlCharacters } from 'node:util';
import Table from 'cli-table3';
import { describe, expect, it } from 'vitest';
import { textWidth } from '../../src/output/fit.js';
import { TABLE_BATCH } from '../../src/output/table.js';
import { DEVICES, render } from './helpers.js';

function lines(text: string): string[] {
  return text.split('\n').filter((l) => l !== '');
}

describe('table output', () => {
  it('shows the default columns of the kind with words for headers, yes/no, and short local times', async () => {
    expect(await render(DEVICES, 'table')).toBe(
      [
        '┌──────────────────────────────────────┬────────────────────────────┬───────────────┬────────────┬──────┬──────────┬────────┬──────────────────┐',
        '│ UUID                                 │ Name                       │ Serial number │ IP address │ Port │ Location │ Active │ Created          │',
        '├──────────────────────────────────────┼────────────────────────────┼───────────────┼────────────┼──────┼──────────┼────────┼──────────────────┤',
        '│ 0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3 │ Pump, "north"\\nsecond line │ SN-001        │ 10.0.0.7   │ 1880 │ Plant A  │ yes    │ 2026-11-18 09:30 │',
        '│ 1c7d2e3f-4051-4b6c-9d7e-8f90a1b2c3d4 │ Valve                      │               │ 10.0.0.8   │ 1881 │ Plant B  │ no     │ 2027-01-21 09:30 │',
        '└──────────────────────────────────────┴────────────────────────────┴───────────────┴────────────┴──────┴──────────┴────────┴──────────────────┘',
        '',
      ].join('\n'),
    );
  });

  it('shows timestamps in the chosen zone', async () => {
    const text = await render(DEVICES, 'table', { fields: ['createdOn'], timeZone: 'Asia/Kolkata' });
    expect(lines(text).slice(3, 5)).toEqual(['│ 2026-11-18 15:00 │', '│ 2027-01-21 15:00 │']);
  });

  it('shows --fields in their order, nested arrays as counts, a list’s fields joined', async () => {
    const text = await render(DEVICES, 'table', {
      isTTY: true,
      fields: ['edgeDeviceName', 'edgeFlows', 'edgeFlows.flowId', 'isActive'],
    });
    expect(text).toBe(
      [
        '┌────────────────────────────┬────────────┬──────────┬────────┐',
        '│ Name                       │ Edge flows │ Flow id  │ Active │',
        '├────────────────────────────┼────────────┼──────────┼────────┤',
        '│ Pump, "north"\\nsecond line │ 2 flows    │ f-1, f-2 │ yes    │',
        '│ Valve                      │ 0 flows    │          │ no     │',
        '└────────────────────────────┴────────────┴──────────┴────────┘',
        '',
      ].join('\n'),
    );
  });

  it('shows a date-only field as the date it is, never as a time of day', async () => {
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
      { kind: 'notification', isTTY: true, timeZone: 'America/New_York' },
    );
    expect(lines(text)[1]).toBe('│ UUID │ Type  │ Created by │ Active │ Created    │ Notification options │');
    expect(lines(text)[3]).toBe('│ n-1  │ EMAIL │ ops        │ yes    │ 2026-11-20 │ 1 option             │');
  });

  it('opens a nested object into dot-path columns', async () => {
    const text = await render([{ orgAddress: { city: 'Pune', pin: '411001' } }], 'table', {
      kind: 'organization',
      fields: ['orgAddress.city', 'orgAddress.pin'],
    });
    expect(lines(text)[1]).toBe('│ City │ Pin    │');
    expect(lines(text)[3]).toBe('│ Pune │ 411001 │');
  });

  it('--no-headers drops the header row', async () => {
    const text = await render(DEVICES, 'table', { fields: ['port'], noHeaders: true });
    expect(lines(text)).toEqual(['┌──────┐', '│ 1880 │', '│ 1881 │', '└──────┘']);
  });

  it('makes the header bold only when colour is on', async () => {
    const plain = await render(DEVICES, 'table', { fields: ['port'] });
    const coloured = await render(DEVICES, 'table', { fields: ['port'], color: true });
    expect(plain).not.toContain('\u001b[');
    expect(lines(coloured)[1]).toBe('│ \u001b[1mPort\u001b[22m │');
    expect(stripVTControlCharacters(coloured)).toBe(plain);
  });

  describe.each([
    [160, ['UUID', 'Name', 'Serial number', 'IP address', 'Port', 'Location', 'Active', 'Created'], []],
    // Yes/no columns and timestamps go first, then the port; the location stays, cut if it must be.
    [99, ['UUID', 'Name', 'Serial number', 'IP address', 'Location'], ['Active', 'Created', 'Port']],
    [80, ['UUID', 'Name', 'Serial number', 'Location'], ['Created', 'Active', 'Port', 'IP address']],
    // A uuid alone fills 40 columns: the name and then the serial number go too, the uuid stays whole.
    [40, ['UUID'], ['Name', 'Serial number', 'Created', 'Port', 'Location', 'IP address', 'Active']],
  ] as const)('at %i columns', (width, kept, dropped) => {
    it('keeps uuids and serial numbers whole, leaves out the least-used columns first and no column that fits, saying so', async () => {
      const notes: string[] = [];
      const devices = [{ ...DEVICES[0]!, edgeDeviceName: 'Pump north' }, DEVICES[1]!];
      const text = await render(devices, 'table', { width, note: (l) => notes.push(l) });
      const header = lines(text)[1]!;
      expect(
        header
          .split('│')
          .map((h) => h.trim())
          .filter(Boolean),
      ).toEqual(kept);
      for (const line of lines(text)) expect(textWidth(line)).toBeLessThanOrEqual(width);
      // Never cut: the whole uuid, and the serial number and name while they are shown.
      expect(text).toContain(DEVICES[0]!.uuid!);
      if (kept.length > 1) expect(text).toContain(' Pump north ');
      if (kept.length > 1) expect(text).toContain(` ${DEVICES[0]!.serialNumber!} `);
      if (dropped.length === 0) {
        expect(notes).toEqual([]);
      } else {
        expect(notes).toHaveLength(1);
        for (const h of dropped) expect(notes[0]!.replace(/\n {2}/g, ' ')).toContain(h);
        expect(notes[0]).toContain(`${width} columns`);
        for (const line of notes[0]!.split('\n')) expect(textWidth(line)).toBeLessThanOrEqual(width);
      }
    });
  });

  it('cuts free text with … rather than widening a line, and says so', async () => {
    const notes: string[] = [];
    const name = 'Vision node Chennai 0008 and more';
    const devices = [{ ...DEVICES[0]!, edgeDeviceName: name, location: 'Chennai, line 3, hall 7' }];
    const text = await render(devices, 'table', { width: 80, note: (l) => notes.push(l) });
    for (const line of lines(text)) expect(textWidth(line)).toBeLessThanOrEqual(80);
    expect(text).not.toContain(name);
    expect(text).toMatch(/│ Vision[^│]*… │/);
    expect(text).toContain(DEVICES[0]!.uuid!);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.replace(/\n {2}/g, ' ')).toMatch(/cut: Name/);
  });

  it('keeps the name whole while yes/no columns, timestamps and then the rest go, and cuts it only alone too wide', async () => {
    // At 80 columns the name fits beside the uuid and serial number: the others go, the location is cut.
    const name = 'Gateway Kolkata 0133';
    const notes: string[] = [];
    const devices = [{ ...DEVICES[0]!, edgeDeviceName: name, location: 'Kolkata, line 5, hall 12' }];
    const text = await render(devices, 'table', { width: 80, note: (l) => notes.push(l) });
    expect(text).toContain(` ${name} `);
    expect(text).not.toMatch(/Active|Created/);
    for (const line of lines(text)) expect(textWidth(line)).toBeLessThanOrEqual(80);
    const note = notes[0]!.replace(/\n {2}/g, ' ');
    expect(note).toMatch(/Left out to fit 80 columns: .*Active/);
    expect(note).not.toContain('cut: Name');
    // An organization: Active and Demo go before the name is touched.
    const orgs = [
      {
        uuid: DEVICES[0]!.uuid!,
        orgName: 'Acme Western Region Pune',
        orgAdmin: 'admin@acme-west.example',
        organizationUuid: DEVICES[1]!.uuid!,
        isActive: true,
        isDemo: true,
      },
    ];
    const org = await render(orgs, 'table', { width: 80, kind: 'organization' });
    expect(org).toContain(' Acme Western Region Pune ');
    expect(org).not.toMatch(/Active|Demo/);
  });

  it('with --fields: identity stays whole, the others shorten, then go from the right, saying so', async () => {
    const notes: string[] = [];
    const devices = [
      { ...DEVICES[0]!, serialNumber: 'ACME-0166-31F2', location: 'Kolkata, line 5, hall 12' },
    ];
    const fields = ['uuid', 'serialNumber', 'location', 'shortDescription', 'longDescription'];
    const text = await render(devices, 'table', { fields, width: 80, note: (l) => notes.push(l) });
    expect(text).toContain(' ACME-0166-31F2 ');
    expect(text).toContain(DEVICES[0]!.uuid!);
    for (const line of lines(text)) expect(textWidth(line)).toBeLessThanOrEqual(80);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/Left out to fit 80 columns: .*Long description/);
    expect(notes[0]).not.toMatch(/Serial number|UUID/);
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
    const head = ['UUID', 'Name', 'Location', 'Serial number'];
    const expected = new Table({ head, style: { head: [], border: [], compact: true } });
    for (const r of records) expected.push(fields.map((f) => r[f as keyof typeof r]));
    expect(await render(records, 'table', { fields })).toBe(`${expected.toString()}\n`);
  });

  it('truncates wide characters by the columns they take', async () => {
    const records = [
      { uuid: 'a', location: '東京東京東京東京東京東京' },
      { uuid: 'b', location: 'x' },
    ];
    const text = await render(records, 'table', { fields: ['uuid', 'location'], width: 20 });
    expect(lines(text)[3]).toBe('│ a    │ 東京東京… │');
    expect(lines(text)[4]).toBe('│ b    │ x         │');
  });
});

describe('fitting keeps identifiers whole', () => {
  it('shrinks the other columns first, and never cuts a kept column', async () => {
    const { fitWidths } = await import('../../src/output/fit.js');
    // uuid (36), name (30), location (20) into 70 columns: overhead 10, budget 60.
    expect(fitWidths([36, 30, 20], 70, [true, false, false])).toEqual([36, 12, 12]);
    // Without the mark the widest (the uuid) would be cut.
    expect(fitWidths([36, 30, 20], 70)[0]).toBeLessThan(36);
    // Too narrow for the others at their minimum: they take their minimum, and the kept uuid stays whole.
    expect(fitWidths([36, 30, 20], 40, [true, false, false])).toEqual([36, 3, 3]);
  });
});
