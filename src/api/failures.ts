// What each failure to get an answer is called, and whether the service may have acted on the request.
import { NetworkError } from './errors.js';

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
  if (code !== undefined && NOT_REACHED[code] && !c.sent) {
    return new NetworkError(`cannot connect to ${c.url.origin}: ${NOT_REACHED[code]}`, { code, cause: err });
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
