// The one rule `add` and `apply` share for a write whose answer never came (api/network-failures.ts).
import { describe, expect, it } from 'vitest';
import { isOutcomeUnknown, toNetworkError } from '../../src/api/network-failures.js';
import { ApiError, NetworkError } from '../../src/api/request-errors.js';

const context = { url: new URL('http://127.0.0.1:9/edgedevice/add'), method: 'POST', timeoutMs: 1000 };
const timeout = Object.assign(new Error('timed out'), { name: 'TimeoutError' });
const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

describe('isOutcomeUnknown', () => {
  it('a request that left and got no answer (timeout, reset, Ctrl-C) is unknown', () => {
    for (const err of [timeout, reset])
      expect(isOutcomeUnknown(toNetworkError(err, { ...context, sent: true, cancelled: false }))).toBe(true);
    expect(isOutcomeUnknown(toNetworkError(timeout, { ...context, sent: true, cancelled: true }))).toBe(true);
  });

  it('a request that never left failed, whatever stopped it (refused, reset, a timeout before sending)', () => {
    for (const err of [refused, reset, timeout])
      expect(isOutcomeUnknown(toNetworkError(err, { ...context, sent: false, cancelled: false }))).toBe(
        false,
      );
    const connectTimeout = new NetworkError('connection timed out', { code: 'UND_ERR_CONNECT_TIMEOUT' });
    expect(isOutcomeUnknown(connectTimeout)).toBe(false);
  });

  it("an answer is the service's word, never unknown", () => {
    expect(isOutcomeUnknown(new ApiError({ code: 'CCP-ED-002', reason: 'no', httpStatus: 400 }))).toBe(false);
    expect(isOutcomeUnknown(new Error('other'))).toBe(false);
  });
});
