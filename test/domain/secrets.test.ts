import { describe, expect, it } from 'vitest';
import { isSecretHeader, redactedCredential, withoutUserinfo } from '../../src/domain/secrets.js';

describe('secrets as traces show them', () => {
  it('takes a header for secret by the words of its name, as cli.md lists them', () => {
    for (const name of [
      'Authorization',
      'proxy-authorization',
      'Cookie',
      'set-cookie',
      'X-Api-Key',
      'x-token',
      'X-Client-Secret',
      'x-auth',
      'X-Session',
      'x-credential',
      'X-Password',
    ]) {
      expect(isSecretHeader(name), name).toBe(true);
    }
    for (const name of ['accept', 'x-tenant', 'user-agent', 'x-total-count', 'X-Custom-Name']) {
      expect(isSecretHeader(name), name).toBe(false);
    }
  });

  it('keeps the scheme word and a basic user name, nothing of the secret', () => {
    expect(redactedCredential('Bearer ccp_abcdefghijklmnopWXYZ')).toBe('Bearer [redacted]');
    expect(redactedCredential(`Basic ${btoa('ops:pa55')}`)).toBe('Basic ops:[redacted]');
    expect(redactedCredential(`Basic ${btoa('no-colon')}`)).toBe('Basic [redacted]');
    expect(redactedCredential('Basic !!!')).toBe('Basic [redacted]');
    expect(redactedCredential('sid=abc; theme=dark')).toBe('[redacted]');
  });

  it('drops the userinfo of every URL in a text', () => {
    expect(withoutUserinfo('see https://u:p@h.example.test/a and http://x@y.test')).toBe(
      'see https://[redacted]@h.example.test/a and http://[redacted]@y.test',
    );
    expect(withoutUserinfo('http://h.example.test/a?x=y@z')).toBe('http://h.example.test/a?x=y@z');
  });
});
