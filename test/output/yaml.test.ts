import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEVICES, render } from './helpers.js';

describe('yaml output', () => {
  it('prints a sequence with one item per record', async () => {
    const text = await render(DEVICES, 'yaml');
    expect(text).toBe(
      [
        '- uuid: 0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3',
        '  edgeDeviceName: |-',
        '    Pump, "north"',
        '    second line',
        '  serialNumber: SN-001',
        '  ipAdress: 10.0.0.7',
        '  port: 1880',
        '  location: Plant A',
        '  isActive: true',
        '  createdOn: 2026-11-18T09:30:00*000+0000',
        '  edgeFlows:',
        '    - flowId: f-1',
        '      flowName: Ingest',
        '      isActive: true',
        '    - flowId: f-2',
        '      flowName: Alert',
        '      isActive: false',
        '- uuid: 1c7d2e3f-4051-4b6c-9d7e-8f90a1b2c3d4',
        '  edgeDeviceName: Valve',
        '  serialNumber: null',
        '  ipAdress: 10.0.0.8',
        '  port: 1881',
        '  location: Plant B',
        '  isActive: false',
        '  createdOn: 2027-01-21T15:00:00*000+0530',
        '  edgeFlows: []',
        '',
      ].join('\n'),
    );
    expect(parse(text)).toEqual(DEVICES);
  });

  it('prints [] for an empty listing', async () => {
    const text = await render([], 'yaml');
    expect(text).toBe('[]\n');
    expect(parse(text)).toEqual([]);
  });

  it('keeps only --fields, in their order', async () => {
    const text = await render(DEVICES, 'yaml', { fields: ['location', 'uuid'] });
    expect(text).toBe(
      '- location: Plant A\n  uuid: 0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3\n' +
        '- location: Plant B\n  uuid: 1c7d2e3f-4051-4b6c-9d7e-8f90a1b2c3d4\n',
    );
  });
});
