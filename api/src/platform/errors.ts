/**
 * Domain errors. Services throw these; GraphQL turns them into typed error results
 * (see graphql/errors.ts) and REST into status codes with `{ error }` (see rest/respond.ts).
 * Their messages are written for the user and are safe to show.
 */
/** What a caller is told when the server failed them (the fault itself goes to the log only). */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

export class DomainError extends Error {
  readonly status: number = 400;
  readonly code: string = 'BAD_REQUEST';
  /** More of the REST answer's body beside `error` (a conflict's current item, in snake_case). */
  restBody?: Record<string, unknown>;
}

/** `error`, answering REST with `extra` in its body too (rest/respond.ts). */
export function withBody<E extends DomainError>(error: E, extra: Record<string, unknown>): E {
  error.restBody = extra;
  return error;
}

/** One field's problem, as forms show it beside the field. */
export interface FieldError {
  field: string;
  message: string;
}

export class ValidationError extends DomainError {
  override readonly status = 400;
  override readonly code = 'VALIDATION';
  /** Every field at fault (a form shows them all at once); the first is `field` and `message`. */
  readonly fieldErrors: FieldError[];
  constructor(
    message: string,
    readonly field?: string,
    fieldErrors?: FieldError[],
  ) {
    super(message);
    this.name = 'ValidationError';
    this.fieldErrors = fieldErrors ?? (field ? [{ field, message }] : []);
  }
}

export class UnauthenticatedError extends DomainError {
  override readonly status = 401;
  override readonly code = 'UNAUTHENTICATED';
  constructor(message = 'You must be signed in.') {
    super(message);
    this.name = 'UnauthenticatedError';
  }
}

export class ForbiddenError extends DomainError {
  override readonly status = 403;
  override readonly code = 'FORBIDDEN';
  constructor(message = 'You do not have permission to do that.') {
    super(message);
    this.name = 'ForbiddenError';
  }
}

export class NotFoundError extends DomainError {
  override readonly status = 404;
  override readonly code = 'NOT_FOUND';
  constructor(message = 'Not found.') {
    super(message);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends DomainError {
  override readonly status = 409;
  override readonly code = 'CONFLICT';
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ConflictError';
  }
}

export class RateLimitedError extends DomainError {
  override readonly status = 429;
  override readonly code = 'RATE_LIMITED';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'RateLimitedError';
  }
}

export class PayloadTooLargeError extends DomainError {
  override readonly status = 413;
  override readonly code = 'PAYLOAD_TOO_LARGE';
  constructor(limitBytes: number) {
    super(`The request is too large (at most ${Math.round(limitBytes / 1024)} KB).`);
    this.name = 'PayloadTooLargeError';
  }
}

/** The database (or another service a request needs) cannot be reached right now. */
export class ServiceUnavailableError extends DomainError {
  override readonly status = 503;
  override readonly code = 'SERVICE_UNAVAILABLE';
  constructor(message = 'Tripcrew cannot reach its database right now. Please try again in a moment.') {
    super(message);
    this.name = 'ServiceUnavailableError';
  }
}

/** A refused sign-in whose reason the client must act on (e.g. an unverified address). */
export class AuthRefusedError extends DomainError {
  override readonly status = 403;
  constructor(
    message: string,
    override readonly code: string,
  ) {
    super(message);
    this.name = 'AuthRefusedError';
  }
}

/**
 * Prisma's answers that mean "no such record" — a missing row for an update or *OrThrow (P2025),
 * or an id that is not even a UUID (P2007/P2023) — read as NotFound for the caller, wherever a
 * service did not check first. Anything else stays an unexpected error.
 */
export function domainErrorOf(err: unknown): DomainError | null {
  if (err instanceof DomainError) return err;
  const code = (err as { code?: unknown; name?: unknown } | null)?.code;
  const prismaError = (err as { name?: unknown } | null)?.name === 'PrismaClientKnownRequestError';
  if (prismaError && (code === 'P2025' || code === 'P2007' || code === 'P2023')) return new NotFoundError();
  if (isDatabaseUnreachable(err)) return new ServiceUnavailableError();
  if (isDatabaseBusy(err)) return new ServiceUnavailableError(BUSY_MESSAGE);
  return null;
}

/** What a caller is told when a transaction ran out of time (the server was too busy). */
export const BUSY_MESSAGE = 'Tripcrew is busy right now and could not finish that. Please try again in a moment.';

/**
 * Prisma's P2028: a transaction that could not start, or ran past its time limit, and was rolled
 * back. Nothing was changed, so trying again is safe: a 503, not a fault.
 */
export function isDatabaseBusy(err: unknown): boolean {
  return inCauseChain(err, (e) => e.code === 'P2028');
}

/** True when `err` or an error in its cause chain (a few links deep) passes `test`. */
function inCauseChain(err: unknown, test: (e: { code?: unknown; kind?: unknown; originalCode?: unknown; message?: unknown }) => boolean): boolean {
  for (let e = err, hops = 0; e && typeof e === 'object' && hops < 6; e = (e as { cause?: unknown }).cause, hops++) {
    if (test(e)) return true;
  }
  return false;
}

/** Error codes that mean the database could not be reached, not that the request was wrong. */
const UNREACHABLE_CODES = new Set([
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  'P2024',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);
const UNREACHABLE_TEXT =
  /ECONNREFUSED|ECONNRESET|Connection terminated|connection (?:is )?closed|Can't reach database|server closed the connection|terminating connection|the database system is (?:starting up|shutting down)|timeout exceeded when trying to connect/i;

/** True for an error (or any error in its cause chain) that says the database is out of reach. */
export function isDatabaseUnreachable(err: unknown): boolean {
  return inCauseChain(
    err,
    ({ code, kind, originalCode, message }) =>
      (typeof code === 'string' && UNREACHABLE_CODES.has(code)) ||
      (typeof originalCode === 'string' && UNREACHABLE_CODES.has(originalCode)) ||
      kind === 'DatabaseNotReachable' ||
      kind === 'ConnectionClosed' ||
      kind === 'SocketTimeout' ||
      (typeof message === 'string' && UNREACHABLE_TEXT.test(message)),
  );
}
