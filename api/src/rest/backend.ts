import { Hono, type Context } from 'hono';
import type { AppDeps, RequestContext } from '../platform/context.js';
import { ForbiddenError, UnauthenticatedError } from '../platform/errors.js';
import { errorResponse, jsonBody, requestContext } from './respond.js';
import { backendRoutes } from './routes.js';
import { cleanInput } from '../platform/text.js';

export type Access = 'public' | 'signedIn' | 'admin';

/** One row of the adapter's route table: a path of the specification onto a domain function. */
export interface BackendRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: Access;
  /** What a signed-out caller is told, where the specification words it for this call. */
  signedOutMessage?: string;
  handle: (ctx: RequestContext, req: { params: Record<string, string>; query: Record<string, string>; body: Record<string, unknown> }) => Promise<unknown>;
  status?: number;
}

/** Another user's data: only that user or an administrator. */
export function assertSelfOrAdmin(ctx: RequestContext, userId: string) {
  if (!ctx.viewer) throw new UnauthenticatedError();
  if (ctx.viewer.id !== userId && !ctx.viewer.isAdmin) throw new ForbiddenError('You may only read your own data.');
}

/**
 * `/api/backend/*`: thin adapters over the domain services, listed in rest/routes.ts.
 * Rules stay in the services; this layer only checks the door (signed in, administrator).
 */
export function backendApp(deps: AppDeps) {
  const app = new Hono();
  app.onError((err, c) => errorResponse(deps, c, err));
  for (const route of backendRoutes) {
    app.on(route.method, route.path, async (c: Context) => {
      const ctx = await requestContext(deps, c);
      if (route.access !== 'public' && !ctx.viewer) throw new UnauthenticatedError(route.signedOutMessage);
      if (route.access === 'admin' && !ctx.viewer!.isAdmin) throw new ForbiddenError('Administrator access is required.');
      const body = route.method === 'GET' || route.method === 'DELETE' ? {} : await jsonBody(c);
      const params = cleanInput(c.req.param() as Record<string, string>);
      const result = await route.handle(ctx, { params, query: cleanInput(c.req.query()), body });
      return c.json(result ?? { success: true }, (route.status ?? 200) as 200);
    });
  }
  app.all('*', (c) => c.json({ error: 'Not found' }, 404));
  return app;
}
