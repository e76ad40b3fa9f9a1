import { Hono } from 'hono';
import type { AppDeps } from '../platform/context.js';
import { UnauthenticatedError, ValidationError } from '../platform/errors.js';
import { errorResponse } from '../rest/respond.js';
import { requestContext } from '../accounts/requestContext.js';
import { isImageFormat, wrappedPng } from './image.js';
import { MemoriesMessages as M } from './messages.js';
import { checkYear, figuresOf, sharedWrapped, wrappedFigures } from './service.js';

const png = (body: Buffer, cache: string) =>
  new Response(new Uint8Array(body), { status: 200, headers: { 'Content-Type': 'image/png', 'Cache-Control': cache, 'Content-Length': String(body.length) } });

/**
 * `/api/wrapped/*`: the share images, which are files rather than JSON rows.
 * - `GET /api/wrapped/<userId>/<year>.png?format=story|preview`: the traveller's own (signed in);
 * - `GET /api/wrapped/public/<token>.png?format=...`: a public link's, by its token only (404
 *   once revoked).
 */
export function wrappedHttp(deps: AppDeps) {
  const app = new Hono();
  app.onError((err, c) => errorResponse(deps, c, err));
  const formatOf = (f: string | undefined) => {
    const format = f ?? 'story';
    if (!isImageFormat(format)) throw new ValidationError(M.invalidFormat, 'format');
    return format;
  };
  app.get('/public/:file', async (c) => {
    const file = c.req.param('file');
    const shared = file.endsWith('.png') ? await sharedWrapped(deps, file.slice(0, -4)) : null;
    if (!shared) return c.json({ error: 'Not found' }, 404);
    const format = formatOf(c.req.query('format'));
    // Short-lived in caches: a revoked link must stop showing soon.
    return png(await wrappedPng(await figuresOf(deps, shared.userId, shared.year), format), 'public, max-age=300');
  });
  app.get('/:userId/:file', async (c) => {
    const file = c.req.param('file');
    if (!file.endsWith('.png')) return c.json({ error: 'Not found' }, 404);
    const ctx = await requestContext(deps, c);
    if (!ctx.viewer) throw new UnauthenticatedError();
    const format = formatOf(c.req.query('format'));
    const figures = await wrappedFigures(ctx, c.req.param('userId'), checkYear(file.slice(0, -4)));
    return png(await wrappedPng(figures, format), 'private, no-store');
  });
  app.all('*', (c) => c.json({ error: 'Not found' }, 404));
  return app;
}
