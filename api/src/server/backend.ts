import { Hono, type Context } from 'hono';
import type { AppDeps } from '../platform/context.js';
import { parseInput } from '../platform/validation.js';
import { ForbiddenError, UnauthenticatedError } from '../platform/errors.js';
import { errorResponse, jsonBody } from '../rest/respond.js';
import { requestContext } from '../accounts/requestContext.js';
import { backendRoutes } from './routes.js';
import { cleanInput } from '../platform/text.js';
import { ADMIN_REQUIRED } from '../admin/access.js';

/**
 * `/api/backend/*`: thin adapters over the domain services, listed in server/routes.ts.
 * Rules stay in the services; this layer only checks the door (signed in, administrator).
 */
export function backendApp(deps: AppDeps) {
  const app = new Hono();
  app.onError((err, c) => errorResponse(deps, c, err));
  for (const route of backendRoutes) {
    app.on(route.method, route.path, async (c: Context) => {
      const ctx = await requestContext(deps, c);
      if (route.access !== 'public' && !ctx.viewer) throw new UnauthenticatedError(route.signedOutMessage);
      if (route.access === 'admin' && !ctx.viewer!.isAdmin) throw new ForbiddenError(ADMIN_REQUIRED);
      const raw = route.method === 'GET' || route.method === 'DELETE' || route.rawBody ? {} : await jsonBody(c);
      const body = route.body ? parseInput(route.body, raw) : raw;
      const params = cleanInput(c.req.param() as Record<string, string>);
      const result = await route.handle(ctx, { params, query: cleanInput(c.req.query()), body, request: c.req.raw });
      // A row that answers a file builds its own response.
      if (result instanceof Response) return result;
      return c.json(result ?? { success: true }, (route.status ?? 200) as 200);
    });
  }
  app.all('*', (c) => c.json({ error: 'Not found' }, 404));
  return app;
}
