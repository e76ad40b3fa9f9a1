import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearPageCookie, PAGE_COOKIE, pageAuthorization } from '../../api/src/accounts/pageSession.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';

/**
 * The page cookie (accounts/pageSession.ts): given with every session, cleared by sign-out; it
 * opens the signed-in pages' documents (the server renders them for their reader) and nothing
 * else: the API never takes it, and it never passes as an access token.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pageCookieOf = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith(`${PAGE_COOKIE}=`)) ?? null;
const valueOf = (setCookie: string) => /^[^=]+=([^;]*)/.exec(setCookie)![1]!;

async function signIn(email: string, password: string) {
  const res = await t.request('POST', '/api/auth/signin', { body: { email, password } });
  expect(res.status).toBe(200);
  return { session: res.body, cookie: pageCookieOf(res.headers)! };
}

describe('the page cookie', () => {
  it('comes with a sign-in and each refresh: HttpOnly, SameSite=Lax, for the signed-in pages only', async () => {
    const u = await signedInUser(t);
    const { session, cookie } = await signIn(u.email, u.password);
    expect(cookie).toMatch(/; Path=\/dashboard; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const refreshed = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: session.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect(pageCookieOf(refreshed.headers)).toMatch(/^tc_page=[\w-]+\.[\w-]+\.[\w-]+; Path=\/dashboard;/);
  });

  it('names the live session: a render runs as its account, until sign-out ends it', async () => {
    const u = await signedInUser(t);
    const { session, cookie } = await signIn(u.email, u.password);
    const header = `other=1; ${PAGE_COOKIE}=${valueOf(cookie)}`;
    const authorization = await pageAuthorization(t.app.deps, header);
    expect(authorization).toMatch(/^Bearer /);
    // The token it gives is an ordinary access token of that account.
    const viewer = await t.graphql('{ viewer { email } }', {}, authorization!.slice(7));
    expect(viewer.body.data.viewer.email).toBe(u.email);

    const out = await t.request('POST', '/api/auth/signout', { body: { refresh_token: session.refresh_token } });
    expect(out.status).toBe(204);
    expect(pageCookieOf(out.headers)).toBe(clearPageCookie(t.app.deps));
    expect(await pageAuthorization(t.app.deps, header)).toBeNull();
  });

  it('is refused when tampered with, absent, or presented as an access token; the API ignores it', async () => {
    const u = await signedInUser(t);
    const { cookie } = await signIn(u.email, u.password);
    const value = valueOf(cookie);
    const [head, body, signature] = value.split('.');
    const flipped = `${head}.${body}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await pageAuthorization(t.app.deps, `${PAGE_COOKIE}=${flipped}`)).toBeNull();
    expect(await pageAuthorization(t.app.deps, `${PAGE_COOKIE}=`)).toBeNull();
    expect(await pageAuthorization(t.app.deps, null)).toBeNull();
    expect(await pageAuthorization(t.app.deps, `${PAGE_COOKIE}=${'x'.repeat(5000)}`)).toBeNull();
    // Its own audience: never an access token.
    const asToken = await t.graphql('{ viewer { email } }', {}, value);
    expect(asToken.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    // Sent as a cookie to the API, it signs nobody in.
    const asCookie = await t.request('POST', '/graphql', { body: { query: '{ viewer { email } }' }, headers: { cookie: `${PAGE_COOKIE}=${value}` } });
    expect(asCookie.body.data?.viewer ?? null).toBeNull();
  });

  it("ends with the account's session version (a password reset or change elsewhere)", async () => {
    const u = await signedInUser(t);
    const { cookie } = await signIn(u.email, u.password);
    const header = `${PAGE_COOKIE}=${valueOf(cookie)}`;
    expect(await pageAuthorization(t.app.deps, header)).not.toBeNull();
    await t.db.prisma.user.update({ where: { id: u.userId }, data: { sessionVersion: { increment: 1 } } });
    expect(await pageAuthorization(t.app.deps, header)).toBeNull();
  });
});
