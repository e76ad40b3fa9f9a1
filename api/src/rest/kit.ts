import type { z } from 'zod';
import type { RequestContext } from '../platform/context.js';
import { ForbiddenError, UnauthenticatedError } from '../platform/errors.js';

/** Who may call a row: anyone, a signed-in user, or an administrator (checked before `handle`). */
export type Access = 'public' | 'signedIn' | 'admin';

export interface RouteRequest<Body> {
  params: Record<string, string>;
  query: Record<string, string>;
  body: Body;
  /** The request itself, for a row that reads its body as bytes (`rawBody`). */
  request: Request;
}

/**
 * One row of a domain's REST table: a path of the HTTP surface onto a service call. The row
 * declares the shape of its body (a zod schema: wrong types are refused with 400 naming the
 * field before `handle` runs); the rules themselves stay in the service, shared with GraphQL.
 */
export interface BackendRoute<Body = Record<string, unknown>> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: Access;
  /** What a signed-out caller is told, where the specification words it for this call. */
  signedOutMessage?: string;
  body?: z.ZodType<Body>;
  handle: (ctx: RequestContext, req: RouteRequest<Body>) => Promise<unknown>;
  status?: number;
  /** The row reads the body itself (an upload): it is not parsed as JSON, and the JSON size limit does not apply. */
  rawBody?: boolean;
}

/** Declares a row, typing `handle`'s body from the row's schema. */
export function route<Body = Record<string, unknown>>(row: BackendRoute<Body>): BackendRoute {
  return row as unknown as BackendRoute;
}

/** Another user's data: only that user or an administrator. */
export function assertSelfOrAdmin(ctx: RequestContext, userId: string) {
  if (!ctx.viewer) throw new UnauthenticatedError();
  if (ctx.viewer.id !== userId && !ctx.viewer.isAdmin) throw new ForbiddenError('You may only read your own data.');
}
