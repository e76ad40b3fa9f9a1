import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../platform/context.js';
import { UnauthenticatedError } from '../platform/errors.js';
import { errorResponse, jsonBody } from '../rest/respond.js';
import { requestContext } from '../accounts/requestContext.js';
import { sendInvite } from './service.js';
import { parseInput } from '../platform/validation.js';

const SendInviteBody = z.object({ tripId: z.string().nullish(), to: z.string().nullish(), message: z.string().nullish() });

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
    const body = parseInput(SendInviteBody, await jsonBody(c));
    const result = await sendInvite(ctx, { tripId: body.tripId ?? '', email: body.to ?? '', message: body.message ?? null });
    return c.json({ success: true, ...result }, result.emailSent ? 200 : 202);
  });
  return app;
}
