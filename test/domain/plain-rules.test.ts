// The rules the server and the config file check without zod (so a listing never loads it) agree with the
// schemas that hold the same rules.
import { describe, expect, it } from 'vitest';
import { embeddedAccessOf } from '../../src/config/file.js';
import { Uuid } from '../../src/domain/common.js';
import { isUuid } from '../../src/domain/uuid.js';

const SAMPLES = [
  '3f0c9a52-1b7e-4c8d-9a0e-5d2f6b7c8e91',
  '3F0C9A52-1B7E-4C8D-9A0E-5D2F6B7C8E91',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '3f0c9a52-1b7e-0c8d-0a0e-5d2f6b7c8e91',
  '3f0c9a521b7e4c8d9a0e5d2f6b7c8e91',
  '3f0c9a52-1b7e-4c8d-9a0e-5d2f6b7c8e9',
  '3f0c9a52-1b7e-4c8d-9a0e-5d2f6b7c8e912',
  'g f0c9a52-1b7e-4c8d-9a0e-5d2f6b7c8e91',
  '{3f0c9a52-1b7e-4c8d-9a0e-5d2f6b7c8e91}',
  ' 3f0c9a52-1b7e-4c8d-9a0e-5d2f6b7c8e91',
  '3f0c9a52-1b7e-4c8d-9a0e-5d2f6b7c8e91\n',
  '',
];

describe('plain rules', () => {
  it.each(SAMPLES)('isUuid(%j) is what the Uuid schema says', (text) => {
    expect(isUuid(text)).toBe(Uuid.safeParse(text).success);
  });

  it('the embedded access read from the config file: a token and a uuid, nothing else', () => {
    const orgUuid = SAMPLES[0]!;
    expect(embeddedAccessOf({ token: 'ccp_x', orgUuid, extra: 1 })).toEqual({ token: 'ccp_x', orgUuid });
    for (const bad of [
      undefined,
      null,
      'ccp_x',
      [],
      { token: '', orgUuid },
      { token: 1, orgUuid },
      { token: 'ccp_x' },
      { token: 'ccp_x', orgUuid: 'not-a-uuid' },
    ]) {
      expect(embeddedAccessOf(bad)).toBeUndefined();
    }
  });
});
