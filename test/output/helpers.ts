import { Writable } from 'node:stream';
import type { EdgeDevice } from '../../src/domain/index.js';
import { createRecordWriter, type OutputFormat, type OutputOptions } from '../../src/output/index.js';

/** 2026-11-21T09:30:00Z: the fixed "now" relative times are measured from. */
export const NOW = Date.UTC(2026, 10, 21, 9, 30, 0);

export const DEVICES: EdgeDevice[] = [
  {
    uuid: '0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3',
    edgeDeviceName: 'Pump, "north"\nsecond line',
    serialNumber: 'SN-001',
    ipAdress: '10.0.0.7',
    port: 1880,
    location: 'Plant A',
    isActive: true,
    createdOn: '2026-11-18T09:30:00*000+0000',
    edgeFlows: [
      { flowId: 'f-1', flowName: 'Ingest', isActive: true },
      { flowId: 'f-2', flowName: 'Alert', isActive: false },
    ],
  },
  {
    uuid: '1c7d2e3f-4051-4b6c-9d7e-8f90a1b2c3d4',
    edgeDeviceName: 'Valve',
    serialNumber: null,
    ipAdress: '10.0.0.8',
    port: 1881,
    location: 'Plant B',
    isActive: false,
    createdOn: '2027-01-21T15:00:00*000+0530',
    edgeFlows: [],
  },
];

/** A writable that keeps what it receives as text. */
export class MemoryStream extends Writable {
  text = '';

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}

export function options(format: OutputFormat, extra: Partial<OutputOptions> = {}): OutputOptions {
  return {
    format,
    kind: 'edgeDevice',
    color: false,
    isTTY: false,
    width: 0,
    now: () => NOW,
    ...extra,
  };
}

/** Writes `records` through a record writer and returns everything it printed. */
export async function render(
  records: readonly object[],
  format: OutputFormat,
  extra: Partial<OutputOptions> = {},
): Promise<string> {
  const out = new MemoryStream();
  const writer = createRecordWriter(out, options(format, extra));
  for (const r of records) await writer.write(r);
  await writer.end();
  return out.text;
}
