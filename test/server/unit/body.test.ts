// Request bodies (src/server/body.ts): an envelope handed over in process whose records its record schema
// accepted here already (src/domain/accepted.ts) has only its other parts parsed; anything else is parsed whole.
import { describe, expect, it } from 'vitest';
import { accepted, isAcceptedBy } from '../../../src/domain/accepted.js';
import { MAX_RECORDS } from '../../../src/domain/common.js';
import { EdgeDeviceInput, EdgeDevicePushInput } from '../../../src/domain/edge-device.js';
import { requestEnvelope } from '../../../src/domain/envelope.js';
import { parseBody } from '../../../src/server/body.js';

const Body = requestEnvelope(EdgeDeviceInput);
// Out of range: a parse would refuse it. Marked accepted by hand, it shows whether the parse was skipped.
const outOfRange = () => ({ edgeDeviceName: 'gw', serialNumber: 'SN-1', port: 0 });
const metadata = { orgUuid: '', userUuid: '', fileCodeUuid: '' };

describe('parseBody', () => {
  it('takes records the same record schema accepted as they are, and parses the rest', () => {
    const record = accepted(EdgeDeviceInput, outOfRange());
    const r = parseBody(Body, { data: [record], metadata, extra: 1 }, true);
    expect(r.success).toBe(true);
    expect((r.data as { data: unknown[] }).data[0]).toBe(record);
    expect(r.data).toEqual({ data: [record], metadata });
    const bad = parseBody(Body, { data: [record], metadata: { orgUuid: 'nope' } }, true);
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['metadata', 'orgUuid']);
  });

  it.each([
    ['sent over HTTP', () => [accepted(EdgeDeviceInput, outOfRange())], false],
    ['accepted by another record schema', () => [accepted(EdgeDevicePushInput, outOfRange())], true],
    ['not accepted', () => [outOfRange()], true],
    ['one of them not accepted', () => [accepted(EdgeDeviceInput, outOfRange()), outOfRange()], true],
  ])('parses the whole body when its records are %s', (_what, records, handedOver) => {
    const r = parseBody(Body, { data: records(), metadata }, handedOver);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['data', 0, 'port']);
  });

  it('keeps the record limit', () => {
    const record = accepted(EdgeDeviceInput, { edgeDeviceName: 'gw', serialNumber: 'SN-1' });
    const r = parseBody(Body, { data: Array(MAX_RECORDS + 1).fill(record), metadata }, true);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(`at most ${MAX_RECORDS} records in one request`);
  });
});

describe('accepted', () => {
  it('freezes a record through and through, and knows which schema accepted it', () => {
    const record = accepted(EdgeDevicePushInput, { uuid: 'u', edgeFlows: [{ flowId: 'f', flowJSON: '{}' }] });
    expect(Object.isFrozen(record)).toBe(true);
    expect(Object.isFrozen(record.edgeFlows)).toBe(true);
    expect(Object.isFrozen(record.edgeFlows[0])).toBe(true);
    expect(isAcceptedBy(EdgeDevicePushInput, record)).toBe(true);
    expect(isAcceptedBy(EdgeDeviceInput, record)).toBe(false);
    expect(isAcceptedBy(EdgeDeviceInput, { ...record })).toBe(false);
  });
});
