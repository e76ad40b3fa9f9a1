import type { Context } from 'hono';
import { DomainError, RateLimitedError, ServiceUnavailableError, UNEXPECTED_ERROR_MESSAGE, ValidationError, domainErrorOf } from '../platform/errors.js';
import type { AppDeps, CallerFacts } from '../platform/context.js';
import { clientAddress } from '../platform/clientAddress.js';
import { cleanInput } from '../platform/text.js';
import { logRequestError } from '../graphql/errorLog.js';

function socketAddress(c: Context): string | undefined {
  return (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
}

/** What a Hono request says about its caller (see accounts/requestContext.ts). */
export function callerFacts(c: Context): CallerFacts {
  return {
    authorization: c.req.header('authorization'),
    socketAddress: socketAddress(c),
    forwardedFor: c.req.header('x-forwarded-for'),
    userAgent: c.req.header('user-agent'),
    cookie: c.req.header('cookie'),
    timeZone: c.req.header('x-time-zone'),
    serverRender: (c.env as { inProcess?: boolean } | undefined)?.inProcess === true,
  };
}

/** Where the request came from (see platform/clientAddress.ts). */
export function clientIp(deps: AppDeps, c: Context): string {
  return clientAddress(socketAddress(c), c.req.header('x-forwarded-for'), deps.config.trustProxy);
}

/** JSON body or an empty object; a malformed body is the caller's error, not ours. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new DomainError('The request body is not valid JSON.');
  }
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? cleanInput(parsed as Record<string, unknown>) : {};
}

/**
 * Domain errors become `{ error }` with their status; anything else is masked. A refusal is
 * logged in one info line, a fault as an error with its stack (graphql/errorLog.ts).
 */
export function errorResponse(deps: AppDeps, c: Context, cause: unknown) {
  logRequestError(deps.logger, cause, { method: c.req.method, path: c.req.path }, 'unexpected error');
  const err = domainErrorOf(cause) ?? cause;
  if (err instanceof DomainError) {
    if (err instanceof RateLimitedError) c.header('Retry-After', String(err.retryAfterSeconds));
    // Nothing was changed and the next attempt may well pass: say when to try.
    if (err instanceof ServiceUnavailableError) c.header('Retry-After', '2');
    const body: Record<string, unknown> = { error: err.message };
    if (err.code !== 'BAD_REQUEST' && err.code !== 'VALIDATION') body.code = err.code.toLowerCase();
    if ('field' in err && err.field) body.field = err.field;
    if (err instanceof ValidationError && err.fieldErrors.length > 1) body.field_errors = err.fieldErrors;
    if (err.restBody) Object.assign(body, err.restBody);
    return c.json(body, err.status as 400);
  }
  return c.json({ error: UNEXPECTED_ERROR_MESSAGE }, 500);
}
