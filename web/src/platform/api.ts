/**
 * JSON over HTTP for the REST endpoints (/api/...). Errors arrive as `{ error: "<message>" }`;
 * they become an ApiError carrying that message as given, so screens can show it unchanged.
 */
// Straight from its module, not through ./domain: the landing page loads this file and needs none of the rest.
import { AccountMessages } from '../../../api/src/accounts/messages';
import type { Outcome } from './outcome';
import { clientTimeZone } from './timeZone';

/** One field's problem as the server names it, for a form to show beside that field. */
export interface ApiFieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** Every field the server refused (empty when the refusal is not about a field). */
  readonly fieldErrors: ApiFieldError[];
  constructor(message: string, status: number, code?: string, fieldErrors: ApiFieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

/** A REST refusal in the shape of a refused mutation's outcome, for `formErrors`. */
export function refusalOf(error: ApiError): Extract<Outcome<never>, { ok: false }> {
  return { ok: false, message: error.message, field: null, fieldErrors: error.fieldErrors, refused: true };
}

function fieldErrorsOf(body: { error?: unknown; field?: unknown; field_errors?: unknown }): ApiFieldError[] {
  if (Array.isArray(body.field_errors)) {
    return body.field_errors.filter((e): e is ApiFieldError => !!e && typeof e.field === 'string' && typeof e.message === 'string');
  }
  return typeof body.field === 'string' && typeof body.error === 'string' ? [{ field: body.field, message: body.error }] : [];
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A Bearer token for calls that need the signed-in user. */
  accessToken?: string | null;
  signal?: AbortSignal;
  /** Let the request outlive the page (an unload): see platform/analytics.ts. */
  keepalive?: boolean;
}

export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Time-Zone': clientTimeZone() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.accessToken) headers.Authorization = `Bearer ${options.accessToken}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(AccountMessages.unexpected, 0);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let payload: unknown = undefined;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
  }
  if (!response.ok) {
    const body = (payload ?? {}) as { error?: unknown; message?: unknown; code?: unknown; field?: unknown; field_errors?: unknown };
    const message =
      typeof body.error === 'string' && body.error ? body.error : typeof body.message === 'string' && body.message ? body.message : AccountMessages.unexpected;
    throw new ApiError(message, response.status, typeof body.code === 'string' ? body.code : undefined, fieldErrorsOf(body));
  }
  return payload as T;
}

/** The message to show for any failure: the server's own words, else the catalogue's fallback. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return AccountMessages.unexpected;
}
