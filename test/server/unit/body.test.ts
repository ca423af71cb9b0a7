// Request bodies (src/server/body.ts): the service parses every body it receives with the route's schema,
// handed over in process or not, whatever the client checked before sending it.
import { describe, expect, it } from 'vitest';
import { EdgeDeviceInput } from '../../../src/domain/edge-device.js';
import { requestEnvelope } from '../../../src/domain/envelope.js';
import { parseBody } from '../../../src/server/body.js';

const Body = requestEnvelope(EdgeDeviceInput);
const metadata = { orgUuid: '', userUuid: '', fileCodeUuid: '' };

describe('parseBody', () => {
  it('parses a record the client parsed with the same schema again (no record is trusted by identity)', () => {
    const record = EdgeDeviceInput.parse({ edgeDeviceName: 'gw', serialNumber: 'SN-1', port: 1 });
    // Changed after the client's check, as a caller in process could: the service sees the change.
    (record as { port?: number }).port = 0;
    const r = parseBody(Body, { data: [record], metadata });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['data', 0, 'port']);
  });
});
