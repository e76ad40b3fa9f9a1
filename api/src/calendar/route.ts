import { Hono } from 'hono';
import type { AppDeps } from '../platform/context.js';
import { RateLimitedError } from '../platform/errors.js';
import { clientIp, errorResponse } from '../rest/respond.js';
import { calendarFeed } from './service.js';

const TOO_MANY = 'Too many calendar requests. Please try again in a minute.';

/**
 * `GET /api/calendar/<token>.ics`: a trip's itinerary for calendar apps, which cannot sign in:
 * the token in the address is the only credential, so an unknown one is a plain 404.
 */
export function calendarRoute(deps: AppDeps) {
  const app = new Hono();
  app.onError((err, c) => errorResponse(deps, c, err));
  app.get('/:file', async (c) => {
    const file = c.req.param('file');
    if (!file.endsWith('.ics')) return c.json({ error: 'Not found' }, 404);
    const token = file.slice(0, -'.ics'.length);
    const address = clientIp(deps, c);
    try {
      // Calendar services fetch many people's feeds from a few addresses, so a feed is limited
      // by its own token; an address is stopped only after many unknown tokens (guessing).
      if (await deps.limiter.isExhausted('calendarMissesPerClient', address)) throw new RateLimitedError(TOO_MANY, 60);
      await deps.limiter.consume('calendarFeedPerToken', token, TOO_MANY);
    } catch (err) {
      if (!(err instanceof RateLimitedError)) throw err;
      c.header('Retry-After', String(err.retryAfterSeconds));
      return c.text(err.message, 429);
    }
    const ics = await calendarFeed(deps, token);
    if (ics === null) {
      await deps.limiter.record('calendarMissesPerClient', address);
      return c.json({ error: 'Not found' }, 404);
    }
    return c.body(ics, 200, { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'inline; filename="trip.ics"' });
  });
  app.all('*', (c) => c.json({ error: 'Not found' }, 404));
  return app;
}
