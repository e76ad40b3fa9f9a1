import { DomainError, ValidationError, domainErrorOf } from '../../platform/errors.js';

/**
 * The console reads a refused change's reason from `message` for trips and expenses, and from
 * `details` (or `error`) for checklists: a row's refusals are answered in the shape its screen
 * reads, with the status the error carries. Anything else is left to the server's error handler.
 */
export async function answerRefusals<T>(shape: 'message' | 'details', work: () => Promise<T>): Promise<T | Response> {
  try {
    return await work();
  } catch (cause) {
    const err = domainErrorOf(cause);
    if (!(err instanceof DomainError)) throw cause;
    const body: Record<string, unknown> =
      shape === 'message' ? { success: false, message: err.message } : { success: false, error: err.message, details: err.message };
    if (err instanceof ValidationError) {
      if (err.field) body.field = err.field;
      if (err.fieldErrors.length > 1) body.field_errors = err.fieldErrors;
    }
    return new Response(JSON.stringify(body), { status: err.status, headers: { 'content-type': 'application/json' } });
  }
}
