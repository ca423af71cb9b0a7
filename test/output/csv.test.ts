import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { recordFields } from '../../src/domain/index.js';
import { DEVICES, render } from './helpers.js';

describe('csv output', () => {
  it('prints a header of the schema fields and RFC 4180 quoted rows', async () => {
    const text = await render(DEVICES, 'csv');
    const header = recordFields('edgeDevice').join(',');
    expect(text).toBe(
      `${header}\n` +
        '0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3,"Pump, ""north""\nsecond line",SN-001,10.0.0.7,1880,Plant A,,,,' +
        'true,,,,2026-11-18T09:30:00*000+0000,,' +
        '"[{""flowId"":""f-1"",""flowName"":""Ingest"",""isActive"":true},' +
        '{""flowId"":""f-2"",""flowName"":""Alert"",""isActive"":false}]",\n' +
        '1c7d2e3f-4051-4b6c-9d7e-8f90a1b2c3d4,Valve,,10.0.0.8,1881,Plant B,,,,false,,,,' +
        '2027-01-21T15:00:00*000+0530,,[],\n',
    );
  });

  it('parses back with csv-parse to the same values', async () => {
    const rows = parse(await render(DEVICES, 'csv'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    expect(rows[0]!.edgeDeviceName).toBe('Pump, "north"\nsecond line');
    expect(JSON.parse(rows[0]!.edgeFlows!)).toEqual(DEVICES[0]!.edgeFlows);
    expect(rows[0]!.port).toBe('1880');
    expect(rows[0]!.isActive).toBe('true');
    expect(rows[1]!.serialNumber).toBe('');
    expect(rows[1]!.shortDescription).toBe('');
    expect(Object.keys(rows[0]!)).toEqual(recordFields('edgeDevice'));
  });

  it('keeps only --fields as columns, in their order', async () => {
    const text = await render(DEVICES, 'csv', { fields: ['port', 'edgeDeviceName'] });
    expect(text).toBe('port,edgeDeviceName\n1880,"Pump, ""north""\nsecond line"\n1881,Valve\n');
  });

  it('prints only the header for an empty listing', async () => {
    expect(await render([], 'csv', { fields: ['uuid', 'port'] })).toBe('uuid,port\n');
  });
});
