import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages as M } from '../../api/src/accounts/messages.js';
import { REFRESH_REUSE_GRACE_MS } from '../../api/src/accounts/service.js';
import { RATE_LIMITS } from '../../api/src/platform/rateLimit.js';
import { createTestApp, linkFromMail, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
});
afterAll(() => t.close());

const FULL_PREFERENCES = {
  travelFrequency: 'Monthly',
  groupSize: '2-3',
  budgetRange: 'Budget $500-2000',
  preferredDestinations: ['Big cities'],
  activities: ['Hiking'],
  travelStyle: ['Adventure'],
  accommodation: ['Hotels'],
  transportation: ['Trains'],
};

const valid = (over: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  password: 'secret123',
  confirm_password: 'secret123',
  first_name: 'Grace',
  last_name: 'Hopper',
  city: 'Arlington',
  state: 'VA',
  country: 'US',
  travel_preferences: FULL_PREFERENCES,
  ...over,
});

let addresses = 0;
/** A client address of its own: sign-ups are limited per address, and this file makes many. */
const ownAddress = () => ({ 'x-forwarded-for': `10.201.${++addresses}.${process.pid % 250}` });

describe('sign-up', () => {
  it('checks in the documented order with the documented messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ confirm_password: 'different', first_name: '' }, M.passwordsDiffer],
      [{ first_name: '  ', city: '' }, M.namesRequired],
      [{ last_name: '' }, M.namesRequired],
      [{ city: '', email: 'bad' }, M.locationRequired],
      [{ state: '' }, M.locationRequired],
      [{ email: 'not-an-email' }, M.invalidEmail],
      [{ password: '12345', confirm_password: '12345' }, M.passwordTooShort],
      [{ country: 'XX' }, M.invalidCountry],
      [{ travel_preferences: { travelFrequency: 'Daily' } }, M.invalidPreference],
      [{ travel_preferences: { activities: ['Base jumping'] } }, M.invalidPreference],
      // Every group answered, unless skipped.
      [{ travel_preferences: { ...FULL_PREFERENCES, transportation: [] } }, M.preferencesIncomplete],
      [{ travel_preferences: { ...FULL_PREFERENCES, groupSize: null } }, M.preferencesIncomplete],
    ];
    for (const [over, message] of cases) {
      const res = await t.request('POST', '/api/auth/signup', { body: valid(over) });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect(await t.db.prisma.user.count({ where: { firstName: 'Grace' } })).toBe(0);
  });

  it('accepts unanswered preferences when they were skipped, or not sent at all', async () => {
    const skipped = await t.request('POST', '/api/auth/signup', {
      body: valid({ preferences_skipped: true, travel_preferences: { travelFrequency: 'Monthly' } }),
    });
    expect(skipped.status).toBe(201);
    const none = await t.request('POST', '/api/auth/signup', { body: valid({ travel_preferences: undefined }) });
    expect(none.status).toBe(201);
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: none.body.user.id } });
    expect(row.preferencesSkipped).toBe(true);
  });

  it('creates an unverified account, mails a verification link, refuses a second account for the address', async () => {
    const body = valid({ email: uniqueEmail('Mixed.Case').toUpperCase() });
    const res = await t.request('POST', '/api/auth/signup', { body });
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe(String(body.email).toLowerCase());
    const user = await t.db.prisma.user.findUniqueOrThrow({ where: { id: res.body.user.id } });
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.travelFrequency).toBe('Monthly');
    expect(user.activities).toEqual(['Hiking']);
    const link = await linkFromMail(t, user.email, 'verify-email');
    expect(link.startsWith('http://app.test/api/auth/verify-email?token=')).toBe(true);
    const again = await t.request('POST', '/api/auth/signup', { body: { ...body, email: user.email } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(M.emailTaken);
  });

  it('reports every problem of the account fields at once, each on its field, and never cuts a value short', async () => {
    const res = await t.request('POST', '/api/auth/signup', {
      headers: ownAddress(),
      body: valid({ first_name: '', email: 'not-an-email', state: ' ', password: 'abc', confirm_password: 'abc' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(M.namesRequired);
    expect(res.body.field_errors).toEqual([
      { field: 'first_name', message: M.namesRequired },
      { field: 'email', message: M.invalidEmail },
      { field: 'state', message: M.locationRequired },
      { field: 'password', message: M.passwordTooShort },
    ]);
    const long = await t.request('POST', '/api/auth/signup', { headers: ownAddress(), body: valid({ last_name: 'x'.repeat(101) }) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: M.nameTooLong, field: 'last_name' });
    expect(await t.db.prisma.user.count({ where: { firstName: 'Grace', lastName: { startsWith: 'xxx' } } })).toBe(0);
  });

  it('keeps the typed country when the country is Other, and asks for it', async () => {
    const missing = await t.request('POST', '/api/auth/signup', { headers: ownAddress(), body: valid({ country: 'OTHER', country_other: ' ' }) });
    expect(missing.body).toMatchObject({ error: M.countryOtherRequired, field: 'country_other' });
    const res = await t.request('POST', '/api/auth/signup', { headers: ownAddress(), body: valid({ country: 'OTHER', country_other: 'Iceland' }) });
    expect(res.status).toBe(201);
    expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: res.body.user.id } })).toMatchObject({ country: 'OTHER', countryOther: 'Iceland' });
  });

  it('makes ADMIN_EMAILS administrators', async () => {
    const res = await t.request('POST', '/api/auth/signup', { body: valid({ email: 'boss@example.com' }) });
    expect(res.status).toBe(201);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: res.body.user.id } })).role).toBe('ADMIN');
  });
});

describe('verification and sign-in', () => {
  it('refuses an unverified address with a clear message, then signs in once verified', async () => {
    const body = valid();
    await t.request('POST', '/api/auth/signup', { body });
    const refused = await t.request('POST', '/api/auth/signin', { body: { email: body.email, password: body.password } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: M.emailNotConfirmed, code: 'email_not_confirmed' });

    // Resend answers the same whether or not the address exists.
    const resend = await t.request('POST', '/api/auth/resend-verification', { body: { email: body.email } });
    const resendUnknown = await t.request('POST', '/api/auth/resend-verification', { body: { email: uniqueEmail() } });
    expect(resend.status).toBe(200);
    expect(resendUnknown.body).toEqual(resend.body);

    const link = new URL(await linkFromMail(t, String(body.email), 'verify-email'));
    const verified = await t.request('GET', link.pathname + link.search);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/signin?verified=1');
    // Opened again: the address is verified, and the page says so rather than 'invalid'.
    const reused = await t.request('GET', link.pathname + link.search);
    expect(reused.headers.get('location')).toBe('/signin?verified=already');
    const unknown = await t.request('GET', `/api/auth/verify-email?token=${'x'.repeat(43)}`);
    expect(unknown.headers.get('location')).toBe('/signin?verify_error=invalid');

    const ok = await t.request('POST', '/api/auth/signin', { body: { email: String(body.email).toUpperCase(), password: body.password } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'bearer', user: { email: body.email, user_metadata: { first_name: 'Grace', last_name: 'Hopper' } } });
    expect(ok.body.expires_in).toBeGreaterThan(0);
    expect(ok.body.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(ok.body.user.user_metadata.travel_preferences.travelFrequency).toBe('Monthly');
  });

  it('gives one message for a wrong password and an unknown address', async () => {
    const u = await signedInUser(t);
    const wrong = await t.request('POST', '/api/auth/signin', { body: { email: u.email, password: 'nope-nope' } });
    const unknown = await t.request('POST', '/api/auth/signin', { body: { email: uniqueEmail(), password: 'nope-nope' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(M.invalidCredentials);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('slows a guesser down without locking the owner out', async () => {
    const u = await signedInUser(t);
    const signIn = (password: string, ip: string) =>
      t.request('POST', '/api/auth/signin', { body: { email: u.email, password }, headers: { 'x-forwarded-for': ip } });
    let last;
    for (let i = 0; i < 11; i++) last = await signIn(`guess-${i}`, '203.0.113.9');
    expect(last!.status).toBe(429);
    expect(last!.body.error).toBe(M.tooManyAttempts);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
    // The guesser waits, even with the right password...
    expect((await signIn(u.password, '203.0.113.9')).status).toBe(429);
    // ...while the owner, from their own client, signs in.
    expect((await signIn(u.password, '198.51.100.20')).status).toBe(200);
  });

  it('after many failures from everywhere, still accepts the owner from a client they used before', async () => {
    const u = await signedInUser(t);
    const signIn = (password: string, ip: string) =>
      t.request('POST', '/api/auth/signin', { body: { email: u.email, password }, headers: { 'x-forwarded-for': ip } });
    expect((await signIn(u.password, '198.51.100.30')).status).toBe(200);
    // A guesser spread over many addresses spends the account's failure budget.
    for (let i = 0; i < RATE_LIMITS.signinFailuresPerEmail.points; i++) {
      const res = await signIn(`guess-${i}`, `100.64.${Math.floor(i / 9)}.${i % 9}`);
      expect(res.status).toBe(400);
    }
    expect((await signIn(u.password, '100.64.200.1')).status).toBe(429);
    expect((await signIn(u.password, '198.51.100.30')).status).toBe(200);
  });

  it('limits reset e-mails per client, whichever addresses it names', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.mailRequestsPerIp.points; i++) {
      statuses.push((await t.request('POST', '/api/auth/forgot-password', { body: { email: uniqueEmail('reset') }, headers: ip })).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(
      (await t.request('POST', '/api/auth/forgot-password', { body: { email: uniqueEmail('reset') }, headers: { 'x-forwarded-for': '203.0.113.78' } })).status,
    ).toBe(200);
  });
});

describe('sessions', () => {
  it('rotates refresh tokens and revokes the family when a spent one is reused after the grace', async () => {
    const u = await signedInUser(t);
    const first = u.session.refresh_token;
    const r1 = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: first } });
    expect(r1.status).toBe(200);
    expect(r1.body.refresh_token).not.toBe(first);
    // The spent token shows up again long after it was spent: copied. Refused, and its successor dies too.
    await t.db.prisma.refreshToken.updateMany({
      where: { userId: u.userId, usedAt: { not: null } },
      data: { usedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) },
    });
    const reuse = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: first } });
    expect(reuse.status).toBe(401);
    expect(reuse.body.error).toBe(M.invalidRefreshToken);
    const successor = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: r1.body.refresh_token } });
    expect(successor.status).toBe(401);
  });

  it('lets two tabs of one browser refresh with the same token at once, and both stay signed in', async () => {
    const u = await signedInUser(t);
    const tab = { 'user-agent': 'Mozilla/5.0 (tabs test)' };
    const session = (await t.request('POST', '/api/auth/signin', { body: { email: u.email, password: u.password }, headers: tab })).body;
    const [a, b] = await Promise.all(
      [0, 1].map(() => t.request('POST', '/api/auth/refresh', { body: { refresh_token: session.refresh_token }, headers: tab })),
    );
    expect([a.status, b.status]).toEqual([200, 200]);
    for (const r of [a, b]) {
      const next = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: r.body.refresh_token }, headers: tab });
      expect(next.status).toBe(200);
    }
    // Another browser presenting the spent token is not given the grace.
    const other = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: session.refresh_token }, headers: { 'user-agent': 'curl/8' } });
    expect(other.status).toBe(401);
  });

  it('revokes the refresh token on sign-out', async () => {
    const u = await signedInUser(t);
    const out = await t.request('POST', '/api/auth/signout', { body: { refresh_token: u.session.refresh_token } });
    expect(out.status).toBe(204);
    const after = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: u.session.refresh_token } });
    expect(after.status).toBe(401);
  });

  it('answers 401 to REST and UNAUTHENTICATED to GraphQL without a valid token', async () => {
    const rest = await t.request('GET', '/api/backend/user-dashboard/00000000-0000-0000-0000-000000000000');
    expect(rest.status).toBe(401);
    expect(rest.body.error).toBeTruthy();
    const forged = await t.request('GET', '/api/backend/user-dashboard/x', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' });
    expect(forged.status).toBe(401);
    const gql = await t.graphql('mutation { markAllNotificationsRead { markedCount } }');
    expect(gql.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const viewer = await t.graphql('{ viewer { id } }');
    expect(viewer.body.data.viewer).toBeNull();
    // A token that was sent but is not valid is refused, so the client refreshes its session.
    const stale = await t.graphql('{ viewer { id } }', {}, 'not-a-token');
    expect(stale.status).toBe(401);
    expect(stale.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    // Signing in never depends on the bearer token a client still carries.
    const u = await signedInUser(t);
    const again = await t.request('POST', '/api/auth/signin', { body: { email: u.email, password: u.password }, token: 'stale' });
    expect(again.status).toBe(200);
  });
});

describe('access tokens', () => {
  it('refuses a correctly signed token without an expiry, or issued too long ago', async () => {
    const u = await signedInUser(t);
    const base = () => new SignJWT({ adm: false }).setProtectedHeader({ alg: 'HS256' }).setSubject(u.userId).setIssuer('tripcrew').setAudience('tripcrew-api');
    const forever = await base().setIssuedAt().sign(t.app.deps.authSecret);
    const ancient = await base()
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
      .sign(t.app.deps.authSecret);
    const fine = await base().setIssuedAt().setExpirationTime('10m').sign(t.app.deps.authSecret);
    const status = async (token: string) => (await t.request('GET', `/api/backend/user-dashboard/${u.userId}`, { token })).status;
    expect([await status(forever), await status(ancient), await status(fine)]).toEqual([401, 401, 200]);
  });
});

describe('password reset', () => {
  it('answers the same for unknown addresses and mails a single-use link', async () => {
    const u = await signedInUser(t);
    const unknown = await t.request('POST', '/api/auth/forgot-password', { body: { email: uniqueEmail() } });
    const known = await t.request('POST', '/api/auth/forgot-password', { body: { email: u.email } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(M.resetSent);

    const link = new URL(await linkFromMail(t, u.email, 'reset-password'));
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token');
    const short = await t.request('POST', '/api/auth/reset-password', { body: { token, password: '12345' } });
    expect(short.body.error).toBe(M.passwordTooShort);
    const differ = await t.request('POST', '/api/auth/reset-password', { body: { token, password: '123456', confirm_password: '654321' } });
    expect(differ.body.error).toBe(M.passwordsDiffer);
    const ok = await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'brand-new-pass' } });
    expect(ok.status).toBe(200);
    const again = await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'another-pass' } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(M.invalidResetLink);
    // Old sessions are signed out; the new password works, the old one does not.
    expect((await t.request('POST', '/api/auth/refresh', { body: { refresh_token: u.session.refresh_token } })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/signin', { body: { email: u.email, password: u.password } })).status).toBe(400);
    expect((await t.request('POST', '/api/auth/signin', { body: { email: u.email, password: 'brand-new-pass' } })).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const u = await signedInUser(t);
    await t.request('POST', '/api/auth/forgot-password', { body: { email: u.email } });
    const token = new URL(await linkFromMail(t, u.email, 'reset-password')).searchParams.get('token');
    await t.db.prisma.passwordResetToken.updateMany({ where: { user: { email: u.email } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'whatever-1' } });
    expect(res.body.error).toBe(M.invalidResetLink);
  });
});

describe('REST surface', () => {
  it('answers unknown paths with 404 JSON', async () => {
    const res = await t.request('GET', '/api/backend/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });

  it('serves health and readiness', async () => {
    expect((await t.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await t.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.database).toBe('ok');
  });
});
