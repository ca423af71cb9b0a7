// What each failure to get an answer is called, and whether the service may have acted on the request.
import { NetworkError } from './request-errors.js';

/** localhost, 127.0.0.0/8 and ::1: the embedded server and local test services, never proxied. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}

/** `500 ms`, `2 s`, `2 min`: a timeout as a person reads it. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** Codes of failures that happen before a request can leave: retrying or waiting changes nothing. */
const NOT_REACHED: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
};

export interface FailureContext {
  url: URL;
  method: string;
  timeoutMs: number;
  /** Whether the request was written to a connection before it failed. */
  sent: boolean;
  /** The user's Ctrl-C, when that is what stopped it. */
  cancelled: boolean;
  /** The proxy the request may have gone through (HTTPS_PROXY or HTTP_PROXY for its scheme). */
  proxy?: { url: URL; variable: string };
}

const CA_HINT =
  'pass --ca-file PATH (env CCP_CA_FILE, profile ca-file) with the certificate authority that issued it; --insecure skips the check (never on a network you do not trust)';

/** TLS failures by OpenSSL's or Node's code: what went wrong, in words, and the option that fixes it. */
const TLS_FAILURES: Record<string, { code: string; what: string; hint: string }> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: { code: 'TLS_UNTRUSTED', what: 'untrusted issuer', hint: CA_HINT },
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: { code: 'TLS_UNTRUSTED', what: 'untrusted issuer', hint: CA_HINT },
  UNABLE_TO_GET_ISSUER_CERT: { code: 'TLS_UNTRUSTED', what: 'untrusted issuer', hint: CA_HINT },
  SELF_SIGNED_CERT_IN_CHAIN: {
    code: 'TLS_UNTRUSTED',
    what: 'untrusted issuer (a self-signed certificate authority)',
    hint: CA_HINT,
  },
  DEPTH_ZERO_SELF_SIGNED_CERT: {
    code: 'TLS_UNTRUSTED',
    what: 'untrusted issuer (a self-signed certificate)',
    hint: CA_HINT,
  },
  CERT_HAS_EXPIRED: {
    code: 'TLS_EXPIRED',
    what: "the service's certificate has expired",
    hint: 'the service needs a renewed certificate; --insecure skips the check meanwhile (never on a network you do not trust)',
  },
  CERT_NOT_YET_VALID: {
    code: 'TLS_EXPIRED',
    what: "the service's certificate is not valid yet",
    hint: "check this machine's clock; --insecure skips the check",
  },
  ERR_TLS_CERT_ALTNAME_INVALID: {
    code: 'TLS_HOSTNAME',
    what: 'host name mismatch',
    hint: 'use in --base-url a host name the certificate names; --insecure skips the check',
  },
  ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED: {
    code: 'TLS_CLIENT_CERT',
    what: 'the service requires a client certificate',
    hint: 'pass --client-cert PATH and --client-key PATH (profile keys client-cert, client-key)',
  },
};

/** The TLS failure of an undici error (its own code, or its cause's), if it is one. */
function tlsFailure(err: unknown): { code: string; what: string; hint: string; detail?: string } | undefined {
  let e = err as { code?: unknown; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) {
    // A DOMException's code is a number: only Node's and OpenSSL's string codes say anything here.
    const code = typeof e.code === 'string' ? e.code : '';
    const known = TLS_FAILURES[code];
    if (known) return { ...known, detail: code === 'ERR_TLS_CERT_ALTNAME_INVALID' ? e.message : undefined };
    if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) {
      return {
        code: 'TLS',
        what: `TLS handshake failed (${e.message ?? code})`,
        hint: 'check --ca-file, --client-cert and --client-key (or the profile keys of the same names)',
      };
    }
  }
  return undefined;
}

/** The connection error's own endpoint (`connect ECONNREFUSED 127.0.0.1:9`), as Node's net errors give it. */
function endpointOf(err: unknown): { port?: number; hostname?: string } {
  let e = err as { port?: number; hostname?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) {
    if (typeof e.port === 'number' || typeof e.hostname === 'string')
      return { port: e.port, hostname: e.hostname };
  }
  return {};
}

function portOf(url: URL): number {
  return Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
}

/** The proxy failure of an undici error: a refused tunnel, or no connection to the proxy itself. */
function proxyFailure(err: unknown, code: string | undefined, c: FailureContext): NetworkError | undefined {
  if (!c.proxy) return undefined;
  const { url: proxy, variable } = c.proxy;
  const hint = `check ${variable} (or name the service's host in NO_PROXY to go direct)`;
  const message = (err as { message?: string })?.message ?? '';
  // undici's words for a refused tunnel, and for a 407 to a plain http request (which went out, to the proxy).
  const status = /Proxy (?:response|Authentication Required) \((\d+)\)/.exec(message)?.[1];
  if (status) {
    const why =
      status === '407'
        ? 'it requires proxy authentication (407)'
        : status === '403'
          ? 'it refused the tunnel (403 Forbidden)'
          : `it answered ${status} to CONNECT`;
    return new NetworkError(
      `the proxy ${proxy.origin} (${variable}) would not connect to ${c.url.host}: ${why}`,
      {
        code: 'PROXY',
        hint,
        cause: err,
      },
    );
  }
  if (c.sent) return undefined;
  // Only the proxy and the service are ever connected to; a port that is the proxy's and not the service's
  // says which one failed.
  const at = endpointOf(err);
  const theProxy =
    (at.port === portOf(proxy) && at.port !== portOf(c.url)) ||
    // A name lookup failure names the host it looked up.
    (at.hostname !== undefined && at.hostname === proxy.hostname && at.hostname !== c.url.hostname);
  if (code !== undefined && NOT_REACHED[code] && theProxy) {
    return new NetworkError(
      `cannot connect to the proxy ${proxy.origin} (${variable}): ${NOT_REACHED[code]}`,
      {
        code: 'PROXY',
        hint,
        cause: err,
      },
    );
  }
  return undefined;
}

/** An answer that came from the proxy, not the service (a proxy's own error page, a 407), as a failure. */
export function proxyAnswer(
  res: { status: number; headers: Record<string, string> },
  c: Pick<FailureContext, 'proxy' | 'url'>,
): NetworkError | undefined {
  // Through a CONNECT tunnel every answer is the service's own (its front may send Proxy-Status too).
  if (!c.proxy || c.url.protocol === 'https:') return undefined;
  const fromProxy =
    res.status === 407 ||
    res.headers['x-squid-error'] !== undefined ||
    res.headers['proxy-status'] !== undefined;
  if (!fromProxy) return undefined;
  const why = res.headers['x-squid-error'] ?? res.headers['proxy-status'] ?? '';
  return new NetworkError(
    `the proxy ${c.proxy.url.origin} (${c.proxy.variable}) answered HTTP ${res.status} for ${c.url.origin}${why ? `: ${why}` : ''}`,
    {
      code: 'PROXY',
      hint: `check ${c.proxy.variable} (or name the service's host in NO_PROXY to go direct)`,
    },
  );
}

/** nginx answers a missing client certificate with its own 400 page rather than ending the handshake. */
export function clientCertAnswer(res: { status: number; text: string }, url: URL): NetworkError | undefined {
  if (
    url.protocol !== 'https:' ||
    res.status !== 400 ||
    !/No required SSL certificate was sent/i.test(res.text)
  ) {
    return undefined;
  }
  const f = TLS_FAILURES.ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED!;
  return new NetworkError(`TLS with ${url.origin} failed: ${f.what}`, { code: f.code, hint: f.hint });
}

/** The NetworkError for an undici failure, saying whether the service may have acted on the request. */
export function toNetworkError(err: unknown, c: FailureContext): NetworkError {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code;
  const unknown = c.sent && c.method !== 'GET' && c.method !== 'HEAD';
  const applied = unknown ? '; the request was sent, so the service may have applied it' : '';
  if (c.cancelled) {
    return new NetworkError(`request to ${c.url.origin} cancelled${applied}`, {
      code: 'CANCELLED',
      outcomeUnknown: c.sent,
      cause: err,
    });
  }
  const proxied = proxyFailure(err, code, c);
  if (proxied) return proxied;
  const tlsFailed = tlsFailure(err);
  if (tlsFailed) {
    const detail = tlsFailed.detail ? ` (${tlsFailed.detail})` : '';
    return new NetworkError(`TLS with ${c.url.origin} failed: ${tlsFailed.what}${detail}`, {
      code: tlsFailed.code,
      hint: tlsFailed.hint,
      cause: err,
    });
  }
  if (code !== undefined && NOT_REACHED[code] && !c.sent) {
    // The pool's connect limit is the request's (--timeout), and over https it holds the handshake too.
    const within =
      code === 'UND_ERR_CONNECT_TIMEOUT'
        ? ` (no connection${c.url.protocol === 'https:' ? ' and TLS handshake' : ''} within ${formatDuration(c.timeoutMs)})`
        : '';
    return new NetworkError(`cannot connect to ${c.url.origin}: ${NOT_REACHED[code]}${within}`, {
      code,
      cause: err,
    });
  }
  const timedOut =
    e?.name === 'TimeoutError' ||
    e?.name === 'AbortError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT';
  if (timedOut) {
    return new NetworkError(
      `no answer from ${c.url.origin} within ${formatDuration(c.timeoutMs)}${applied}`,
      {
        code: 'TIMEOUT',
        outcomeUnknown: c.sent,
        cause: err,
      },
    );
  }
  const what = c.sent
    ? `the connection to ${c.url.origin} closed before an answer came${applied}`
    : `cannot reach ${c.url.origin}: ${e?.message ?? String(err)}`;
  return new NetworkError(what, { code: code ?? 'NETWORK', outcomeUnknown: c.sent, cause: err });
}

/**
 * The one rule for a write whose answer never came: its outcome is unknown (the service may have applied it)
 * when the request was written to a connection before it failed, and only then. A failure before it left
 * (a connection refused, a TLS handshake or a connection that timed out) failed: the service never saw it.
 * An answer, even a refusal, is the service's word, never unknown. Bulk adds and apply both ask this.
 */
export function isOutcomeUnknown(err: unknown): boolean {
  return err instanceof NetworkError && err.outcomeUnknown;
}
