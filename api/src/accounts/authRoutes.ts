import { Hono, type Context } from 'hono';
import type { AppDeps } from '../platform/context.js';
import * as accounts from './service.js';
import { errorResponse, jsonBody } from '../rest/respond.js';
import { requestContext } from './requestContext.js';
import { cleanText } from '../platform/text.js';
import { clearPageCookie, pageCookieFor } from './pageSession.js';

/** `/api/auth/*` as the HTTP surface defines them; each handler is one call into accounts/service. */
export function authRoutes(deps: AppDeps) {
  const app = new Hono();
  // The account endpoints act on their body, never on a bearer token: a stale one must not
  // stop anyone from signing in.
  const ctxOf = (c: Context) => requestContext(deps, c, { authenticate: false });
  app.onError((err, c) => errorResponse(deps, c, err));

  // A session answered comes with the page cookie (pageSession.ts); signing out clears it.
  const withPageCookie = async (c: Context, session: accounts.Session) => {
    const cookie = await pageCookieFor(deps, session.access_token);
    if (cookie) c.header('Set-Cookie', cookie, { append: true });
    return c.json(session);
  };
  // A sign-up from an invitation link is signed in at once.
  app.post('/signup', async (c) => {
    const outcome = await accounts.signUp(await ctxOf(c), await jsonBody(c));
    const cookie = outcome.session ? await pageCookieFor(deps, outcome.session.access_token) : null;
    if (cookie) c.header('Set-Cookie', cookie, { append: true });
    return c.json(outcome, 201);
  });
  app.post('/signin', async (c) => withPageCookie(c, await accounts.signIn(await ctxOf(c), await jsonBody(c))));
  app.post('/refresh', async (c) => {
    const body = await jsonBody(c);
    return withPageCookie(c, await accounts.refreshSession(await ctxOf(c), body.refresh_token));
  });
  app.post('/signout', async (c) => {
    const body = await jsonBody(c);
    await accounts.signOut(await ctxOf(c), body.refresh_token);
    c.header('Set-Cookie', clearPageCookie(deps), { append: true });
    return c.body(null, 204);
  });
  app.get('/verify-email', async (c) => {
    const outcome = await accounts.verifyEmail(await ctxOf(c), cleanText(c.req.query('token') ?? ''));
    const to = {
      VERIFIED: '/signin?verified=1',
      ALREADY_VERIFIED: '/signin?verified=already',
      EMAIL_CHANGED: `/signin?email_changed=1&next=${encodeURIComponent('/dashboard/settings')}`,
      INVALID: '/signin?verify_error=invalid',
    }[outcome];
    return c.redirect(to, 302);
  });
  app.post('/resend-verification', async (c) => {
    const body = await jsonBody(c);
    return c.json(await accounts.resendVerification(await ctxOf(c), body.email));
  });
  app.post('/forgot-password', async (c) => {
    const body = await jsonBody(c);
    return c.json(await accounts.requestPasswordReset(await ctxOf(c), body.email));
  });
  app.post('/reset-password', async (c) => c.json(await accounts.resetPassword(await ctxOf(c), await jsonBody(c))));
  app.all('*', (c) => c.json({ error: 'Not found' }, 404));
  return app;
}
