// PostgreSQL's failures in the port's words (port.ts, StoreFailureKind). A SQLSTATE class says most of it
// (https://www.postgresql.org/docs/current/errcodes-appendix.html); a socket that failed says the rest. The
// message names the database as `host:port/database`; the engine's own text is kept only where it tells the
// reader something (a constraint's name) and never carries the password.
import { StoreError, type StoreFailureKind } from '../port.js';

/** Deadlock and serialization failures: the transaction is rerun whole (tx() in store.ts). */
export function isRetryable(err: unknown): boolean {
  const code = err instanceof StoreError ? err.engineCode : sqlState(err);
  return code === '40P01' || code === '40001';
}

function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOENT', // a unix socket that is not there
]);

function kindOf(err: unknown): { kind: StoreFailureKind; what: string } {
  const state = sqlState(err);
  const message = err instanceof Error ? err.message : String(err);
  if (state) {
    if (state.startsWith('23')) return { kind: 'constraint', what: 'a record breaks a rule of the database' };
    if (state === '40P01' || state === '40001')
      return { kind: 'busy', what: 'the database kept finding other writers in the way' };
    if (state === '55P03' || state === '57014')
      return { kind: 'busy', what: 'another writer held the records longer than the 10 s wait' };
    if (state === '25006') return { kind: 'read-only', what: 'the database is read-only' };
    if (state === '53100') return { kind: 'full', what: 'the disk holding the database is full' };
    if (state.startsWith('28')) return { kind: 'auth', what: 'the user or password was refused' };
    if (state === '3D000') return { kind: 'unavailable', what: 'the database does not exist' };
    if (state.startsWith('08') || state.startsWith('57P') || state === '53300')
      return { kind: 'unavailable', what: 'the database cannot be reached' };
    if (state.startsWith('XX') || state === '58030')
      return { kind: 'corrupt', what: 'the database is damaged or cannot read its files' };
    return { kind: 'other', what: 'the database could not complete the operation' };
  }
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && SOCKET_CODES.has(code))
    return { kind: 'unavailable', what: `the database cannot be reached (${code})` };
  if (/client password must be a string|password authentication/i.test(message))
    return { kind: 'auth', what: 'no password was given for the user (PGPASSWORD, ~/.pgpass or the URL)' };
  if (/timeout|terminated|Connection ended|not queryable|closed|ended/i.test(message))
    return {
      kind: 'unavailable',
      what: 'the database cannot be reached (the connection was cut or timed out)',
    };
  if (
    /SSL|TLS|certificate|self[- ]signed/i.test(message) ||
    (typeof code === 'string' && code.startsWith('ERR_TLS'))
  )
    return { kind: 'unavailable', what: 'TLS to the database failed' };
  return { kind: 'other', what: 'the database could not complete the operation' };
}

/** The port's error for whatever `pg` threw; a StoreError passes through. */
export function toStoreError(
  err: unknown,
  ctx: { label: string; user: string; secret?: string | undefined },
): StoreError {
  if (err instanceof StoreError) return err;
  const { kind, what } = kindOf(err);
  const state = sqlState(err);
  let message: string;
  if (kind === 'auth') message = `${what}: user ${ctx.user} on ${ctx.label}`;
  else if (kind === 'constraint') {
    // The constraint's name says which rule: `edge_devices_org_serial` is a serial number taken.
    const constraint = (err as { constraint?: unknown }).constraint;
    message = `${what}${typeof constraint === 'string' ? ` (${constraint})` : ''} on ${ctx.label}`;
  } else message = `${what}: ${ctx.label}`;
  if (ctx.secret) message = message.split(ctx.secret).join('********');
  return new StoreError(
    kind,
    message,
    state ?? ((err as { code?: unknown } | null)?.code as string | undefined),
  );
}
