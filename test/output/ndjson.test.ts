import { describe, expect, it } from 'vitest';
import { createRecordWriter } from '../../src/output/index.js';
import { DEVICES, MemoryStream, options, render } from './helpers.js';

describe('ndjson output', () => {
  it('prints one compact JSON object per line', async () => {
    const text = await render(DEVICES, 'ndjson');
    expect(text).toBe(`${JSON.stringify(DEVICES[0])}\n${JSON.stringify(DEVICES[1])}\n`);
    expect(text.split('\n')[0]).toBe(
      '{"uuid":"0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3","edgeDeviceName":"Pump, \\"north\\"\\nsecond line",' +
        '"serialNumber":"SN-001","ipAdress":"10.0.0.7","port":1880,"location":"Plant A","isActive":true,' +
        '"createdOn":"2026-11-18T09:30:00*000+0000","edgeFlows":[{"flowId":"f-1","flowName":"Ingest",' +
        '"isActive":true},{"flowId":"f-2","flowName":"Alert","isActive":false}]}',
    );
  });

  it('prints nothing for an empty listing', async () => {
    expect(await render([], 'ndjson')).toBe('');
  });

  it('writes a batch given with its NDJSON lines as those lines, unless --fields shapes the records', async () => {
    const lines = DEVICES.map((d) => `${JSON.stringify(d)}\n`).join('');
    const batch = async (fields?: string[]) => {
      const out = new MemoryStream();
      const writer = createRecordWriter(out, options('ndjson', fields ? { fields } : {}));
      await writer.writeAll(DEVICES, lines);
      await writer.end();
      return out.text;
    };
    expect(await batch()).toBe(lines);
    expect(await batch()).toBe(await render(DEVICES, 'ndjson'));
    expect(await batch(['port'])).toBe('{"port":1880}\n{"port":1881}\n');
  });

  it('keeps only --fields, in their order', async () => {
    const text = await render(DEVICES, 'ndjson', { fields: ['edgeFlows', 'port'] });
    expect(text).toBe(
      '{"edgeFlows":[{"flowId":"f-1","flowName":"Ingest","isActive":true},' +
        '{"flowId":"f-2","flowName":"Alert","isActive":false}],"port":1880}\n' +
        '{"edgeFlows":[],"port":1881}\n',
    );
  });
});
