/** About 2 KB of envelope JSON, shaped like an edge-device listing page. */
export function payload(): string {
  const data = Array.from({ length: 4 }, (_, i) => ({
    uuid: `d0000000-0000-4000-8000-00000000000${i}`,
    edgeDeviceName: `Gateway ${i}`,
    serialNumber: `SN-${1000 + i}`,
    ipAdress: `10.0.0.${10 + i}`,
    port: 1883,
    location: 'Pune plant',
    shortDescription: 'Main gateway',
    isActive: true,
    isDisabled: false,
    orgUUID: 'a0000000-0000-4000-8000-000000000001',
    createdOn: '2026-11-21T09:30:00*000+0530',
    modifiedOn: '2026-11-21T09:30:00*000+0530',
  }));
  return JSON.stringify({
    data,
    metadata: { fileCodeUuid: '', orgUuid: '', userUuid: '' },
    statusCode: 'OK',
  });
}
