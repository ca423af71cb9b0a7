import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { recordFields } from '../../src/domain/index.js';
import { DEVICES, render } from './helpers.js';

describe('csv output', () => {
  it('flattens nested values to dot-path columns: a list joins its values with ;, never a JSON blob', async () => {
    const text = await render(DEVICES, 'csv');
    const [header] = text.split('\n');
    const columns = header!.split(',');
    // Top-level fields first, then each list's element fields as dot paths.
    expect(columns.slice(0, 15)).toEqual(recordFields('edgeDevice').slice(0, 15));
    expect(columns).toContain('edgeFlows.flowId');
    expect(columns).toContain('externalReferences.userName');
    expect(columns).not.toContain('edgeFlows');
    expect(text).not.toContain('[{');
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows[0]!['edgeFlows.flowId']).toBe('f-1;f-2');
    expect(rows[0]!['edgeFlows.isActive']).toBe('true;false');
    expect(rows[1]!['edgeFlows.flowId']).toBe('');
  });

  it('parses back with csv-parse to the same values', async () => {
    const rows = parse(await render(DEVICES, 'csv'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    expect(rows[0]!.edgeDeviceName).toBe('Pump, "north"\nsecond line');
    expect(rows[0]!.port).toBe('1880');
    expect(rows[0]!.isActive).toBe('true');
    expect(rows[1]!.serialNumber).toBe('');
    expect(rows[1]!.shortDescription).toBe('');
  });

  it('opens a nested object picked with --fields into its leaf columns, and takes dot paths', async () => {
    const license = {
      uuid: 'l-1',
      licenseDetails: { remainingDays: 12, total: 50, license: { status: 'ACTIVE' } },
    };
    const text = await render([license], 'csv', {
      kind: 'license',
      fields: ['uuid', 'licenseDetails.remainingDays', 'licenseDetails.license.status'],
    });
    expect(text).toBe('uuid,licenseDetails.remainingDays,licenseDetails.license.status\nl-1,12,ACTIVE\n');
    const whole = await render([license], 'csv', { kind: 'license', fields: ['licenseDetails'] });
    expect(whole.split('\n')[0]).toContain('licenseDetails.total');
    expect(whole.split('\n')[0]).toContain('licenseDetails.license.status');
  });

  it('--no-headers drops the header row', async () => {
    expect(await render(DEVICES, 'csv', { fields: ['uuid', 'port'], noHeaders: true })).toBe(
      '0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3,1880\n1c7d2e3f-4051-4b6c-9d7e-8f90a1b2c3d4,1881\n',
    );
  });

  it('keeps only --fields as columns, in their order', async () => {
    const text = await render(DEVICES, 'csv', { fields: ['port', 'edgeDeviceName'] });
    expect(text).toBe('port,edgeDeviceName\n1880,"Pump, ""north""\nsecond line"\n1881,Valve\n');
  });

  it('prints only the header for an empty listing', async () => {
    expect(await render([], 'csv', { fields: ['uuid', 'port'] })).toBe('uuid,port\n');
  });
});
