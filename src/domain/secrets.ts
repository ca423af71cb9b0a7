// What counts as a secret wherever ccp shows a request or a setting: the --verbose trace (api/), a profile's
// headers (config/). One rule for both, so a header hidden in one place is never shown in the other.

/** What a trace shows in place of a secret. */
export const REDACTED = '[redacted]';

/**
 * Whether a header's name says it carries a secret: authorization, proxy-authorization, cookie, set-cookie,
 * and any name holding key, token, secret, auth, session, credential or password.
 */
export function isSecretHeader(name: string): boolean {
  return /cookie|key|token|secret|auth|session|credential|password/i.test(name);
}

/**
 * A `Name: value` header as a command line or a trace may show it: a secret header's value redacted as
 * --verbose redacts it, any other header as it is.
 */
export function shownHeader(header: string): string {
  const colon = header.indexOf(':');
  if (colon < 0 || !isSecretHeader(header.slice(0, colon))) return header;
  return `${header.slice(0, colon)}: ${redactedCredential(header.slice(colon + 1).trim())}`;
}

/** Every URL in the text with its userinfo (`user:password@`) replaced. */
export function withoutUserinfo(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi, `$1${REDACTED}@`);
}

/**
 * A secret header's value as a trace shows it: the scheme word of an authorization kept, a basic
 * credential as its user name alone, nothing else of it.
 */
export function redactedCredential(value: string): string {
  const m = /^(Bearer|Basic|Digest|Token|Negotiate|NTLM|AWS4-HMAC-SHA256)\s+(.*)$/i.exec(value);
  if (!m) return REDACTED;
  if (m[1]!.toLowerCase() !== 'basic') return `${m[1]} ${REDACTED}`;
  const user = decoded(m[2]!.trim()).split(':');
  return user.length > 1 && user[0] !== '' ? `${m[1]} ${user[0]}:${REDACTED}` : `${m[1]} ${REDACTED}`;
}

/** UTF-8 text of base64; empty when it is not base64. */
function decoded(base64: string): string {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  } catch {
    return '';
  }
}
