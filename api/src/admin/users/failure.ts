import type { RequestContext } from '../../platform/context.js';
import { DomainError, ValidationError } from '../../platform/errors.js';
import type { RouteRequest } from '../../rest/kit.js';

/**
 * How a write row's refusal reads. The console shows 'Failed to <action>: {server message}',
 * taking the message from `message` for users and from `details` (else `error`) for friends and
 * notifications; both carry `error` too, like every other row. Anything that is not a refusal
 * goes on to the shared handler (masked 500, logged).
 */
export function refusalsAs<Body>(key: 'message' | 'details', handle: (ctx: RequestContext, req: RouteRequest<Body>) => Promise<unknown>) {
  return async (ctx: RequestContext, req: RouteRequest<Body>) => {
    try {
      return await handle(ctx, req);
    } catch (err) {
      if (!(err instanceof DomainError) || err.status >= 500) throw err;
      const body: Record<string, unknown> = { success: false, error: err.message, [key]: err.message };
      if (err instanceof ValidationError) {
        if (err.field) body.field = err.field;
        if (err.fieldErrors.length > 1) body.field_errors = err.fieldErrors;
      }
      return Response.json(body, { status: err.status });
    }
  };
}
