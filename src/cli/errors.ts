// Typed errors: commands and the API client throw these; src/cli/main.ts is the one place that prints them
// and maps them to exit codes (cli.md "Exit codes").

export const EXIT = {
  ok: 0,
  api: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  network: 5,
} as const;

export abstract class CliError extends Error {
  abstract readonly exitCode: number;
  /** The service's code (`CCP-CS-001`, `UNAUTHORIZED`, ...) or a local one (`USAGE`, `NETWORK`). */
  abstract readonly code: string;
  readonly httpStatus: number | null = null;
  /** The text after the code: the service's reason without its leading code. */
  get reason(): string {
    return this.message;
  }
}

export class UsageError extends CliError {
  readonly exitCode = EXIT.usage;
  readonly code = 'USAGE';
  /** A line that tells the user what to do next. */
  readonly hint?: string;
  constructor(message: string, opts: { hint?: string } = {}) {
    super(message);
    this.name = 'UsageError';
    this.hint = opts.hint;
  }
}

export interface ServiceErrorInit {
  code: string;
  reason: string;
  httpStatus: number;
}

/** Strips a leading "<CODE> " from a reason, as decisions.md's reasons start with their code. */
function reasonWithoutCode(code: string, reason: string): string {
  return reason.startsWith(`${code} `) ? reason.slice(code.length + 1) : reason;
}

/** The service answered with an error: any statusCode other than OK, whatever the HTTP status. */
export class ApiError extends CliError {
  readonly exitCode: number = EXIT.api;
  readonly code: string;
  override readonly httpStatus: number;
  constructor(init: ServiceErrorInit) {
    super(reasonWithoutCode(init.code, init.reason));
    this.name = 'ApiError';
    this.code = init.code;
    this.httpStatus = init.httpStatus;
  }
}

/** 401 or 403. */
export class AuthError extends ApiError {
  override readonly exitCode = EXIT.auth;
  constructor(init: ServiceErrorInit) {
    super(init);
    this.name = 'AuthError';
  }
}

/** 404. */
export class NotFoundError extends ApiError {
  override readonly exitCode = EXIT.notFound;
  constructor(init: ServiceErrorInit) {
    super(init);
    this.name = 'NotFoundError';
  }
}

/** The service could not be reached, or did not answer in time. */
export class NetworkError extends CliError {
  readonly exitCode = EXIT.network;
  readonly code: string;
  constructor(message: string, opts: { code?: string; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = 'NetworkError';
    this.code = opts.code ?? 'NETWORK';
  }
}

/** Picks the typed error for a non-OK answer by its HTTP status. */
export function serviceError(init: ServiceErrorInit): ApiError {
  if (init.httpStatus === 401 || init.httpStatus === 403) return new AuthError(init);
  if (init.httpStatus === 404) return new NotFoundError(init);
  return new ApiError(init);
}
