import { GraphQLError } from 'graphql';
import { PothosValidationError } from '@pothos/core';
import { domainErrorOf } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';

/**
 * How a failed request is logged, on both doors (REST: rest/respond.ts, GraphQL: server/yoga.ts and server/websocket.ts).
 * A refusal is the caller's doing (not signed in, forbidden, not a member, not found, invalid
 * input, too many attempts): one info line with its code and message, no stack. Anything else is
 * a fault of the server (a bug, the database out of reach): an error with the stack of its cause.
 */

/** GraphQL error codes that mean the request was refused, not that the server failed. */
const REFUSAL_CODES = new Set([
  'BAD_REQUEST',
  'BAD_USER_INPUT',
  'CONFLICT',
  'FORBIDDEN',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'PERSISTED_QUERY_NOT_FOUND',
  'RATE_LIMITED',
  'TOO_MANY_SUBSCRIPTIONS',
  'UNAUTHENTICATED',
  'VALIDATION',
]);

export interface Refusal {
  code: string;
  status?: number;
  message: string;
}

/** The refusal an error stands for, or null when it is a fault (GraphQL wrappers are looked through). */
export function refusalOf(err: unknown): Refusal | null {
  let e = err;
  for (let hops = 0; hops < 8 && e; hops++) {
    const domain = domainErrorOf(e);
    if (domain) return domain.status < 500 ? { code: domain.code, status: domain.status, message: domain.message } : null;
    // Malformed global ids and connection arguments (Pothos' own input checks).
    if (e instanceof PothosValidationError) return { code: 'BAD_USER_INPUT', message: e.message };
    if (!(e instanceof GraphQLError)) return null;
    if (e.originalError && e.originalError !== e) {
      e = e.originalError;
      continue;
    }
    const code = e.extensions.code;
    const status = (e.extensions.http as { status?: unknown } | undefined)?.status;
    if (typeof code === 'string' && REFUSAL_CODES.has(code)) return { code, ...(typeof status === 'number' ? { status } : {}), message: e.message };
    if (typeof status === 'number' && status >= 400 && status < 500)
      return { code: typeof code === 'string' ? code : 'BAD_REQUEST', status, message: e.message };
    return null;
  }
  return null;
}

/** The error that caused a fault, GraphQL's wrappers removed, so the log has the useful stack. */
function causeOf(err: unknown): unknown {
  let e = err;
  for (let hops = 0; hops < 8 && e instanceof GraphQLError && e.originalError && e.originalError !== e; hops++) e = e.originalError;
  return e;
}

/** Text on one line: a message never spreads a log record over several lines. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Logs a failed request: a refusal at info level in one line, a fault at error level with its
 * stack. `where` says which request (method and path, or the GraphQL field's path).
 */
export function logRequestError(logger: Logger, err: unknown, where: Record<string, unknown>, faultMessage: string): void {
  const refusal = refusalOf(err);
  if (refusal) {
    logger.info({ ...where, code: refusal.code, ...(refusal.status ? { status: refusal.status } : {}) }, `refused: ${oneLine(refusal.message)}`);
    return;
  }
  logger.error({ ...where, err: causeOf(err) }, faultMessage);
}
