import { Hono } from 'hono';
import type { AppDeps } from '../platform/context.js';
import { UnauthenticatedError } from '../platform/errors.js';
import { errorResponse, jsonBody, requestContext } from '../rest/respond.js';
import { sendInvite } from './service.js';

/**
 * POST /api/send-invite {to, tripName, tripId, inviterName, isExistingUser, friendRequestCreated,
 * isExistingFriend}. The names and flags the first build sent are ignored: the server knows them.
 */
export function sendInviteRoute(deps: AppDeps) {
  const app = new Hono();
  app.onError((err, c) => errorResponse(deps, c, err));
  app.post('/', async (c) => {
    const ctx = await requestContext(deps, c);
    if (!ctx.viewer) throw new UnauthenticatedError('You must be signed in to send invites.');
    const body = await jsonBody(c);
    const result = await sendInvite(ctx, { tripId: String(body.tripId ?? ''), email: String(body.to ?? ''), message: typeof body.message === 'string' ? body.message : null });
    return c.json({ success: true, ...result }, result.emailSent ? 200 : 202);
  });
  return app;
}
