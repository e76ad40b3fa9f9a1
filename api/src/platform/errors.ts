/**
 * Domain errors. Services throw these; GraphQL turns them into typed error results
 * (see graphql/errors.ts) and REST into status codes with `{ error }` (see rest/respond.ts).
 * Their messages are written for the user and are safe to show.
 */
export class DomainError extends Error {
  readonly status: number = 400;
  readonly code: string = 'BAD_REQUEST';
}

export class ValidationError extends DomainError {
  override readonly status = 400;
  override readonly code = 'VALIDATION';
  constructor(message: string, readonly field?: string) {
    super(message);
    this.name = 'ValidationError';
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
  constructor(message: string, readonly field?: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

export class RateLimitedError extends DomainError {
  override readonly status = 429;
  override readonly code = 'RATE_LIMITED';
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
    this.name = 'RateLimitedError';
  }
}

/** A refused sign-in whose reason the client must act on (e.g. an unverified address). */
export class AuthRefusedError extends DomainError {
  override readonly status = 403;
  constructor(message: string, override readonly code: string) {
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
  return null;
}
