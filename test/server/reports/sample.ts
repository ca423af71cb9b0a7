import type { ReportData } from '../../../src/server/reports/index.js';

export const GENERATED_AT = Date.UTC(2026, 10, 21, 9, 30, 0);

/** A small edge-device report; `rows` records numbered from 0, with the values the tests look for. */
export function sampleReport(rows = 3, overrides: Partial<ReportData> = {}): ReportData {
  const records = Array.from({ length: rows }, (_, i) => ({
    uuid: `3f2b6c1e-0000-4000-8000-${String(i).padStart(12, '0')}`,
    deviceName: `Pump station ${i}`,
    port: 8000 + i,
    isActive: i % 2 === 0,
    notes: null,
    edgeFlows: [{ name: `flow-${i}` }],
  }));
  return {
    template: 'edge-devices',
    title: 'Edge devices',
    organization: 'Northwind Utilities',
    generatedAt: GENERATED_AT,
    timeZone: 'Asia/Kolkata',
    columns: [
      { key: 'uuid', header: 'Device UUID' },
      { key: 'deviceName', header: 'Device name' },
      { key: 'port', header: 'Port' },
      { key: 'isActive', header: 'Active' },
      { key: 'notes', header: 'Notes' },
    ],
    records,
    ...overrides,
  };
}
