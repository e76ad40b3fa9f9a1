import { requireViewer, type RequestContext, type AppDeps, type Viewer } from '../platform/context.js';
import { AuthRefusedError, ConflictError, RateLimitedError, UnauthenticatedError, ValidationError } from '../platform/errors.js';
import { AccountMessages as M } from './messages.js';
import { RATE_LIMITS } from '../platform/rateLimit.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import {
  REFRESH_TOKEN_TTL_SECONDS,
  RESET_TOKEN_TTL_SECONDS,
  VERIFICATION_TOKEN_TTL_SECONDS,
  bearerToken,
  hashToken,
  newOpaqueToken,
  secondsFromNow,
  signAccessToken,
  verifyAccessToken,
} from './tokens.js';
import { emailChangeEmail, emailChangeNoticeEmail, passwordResetEmail, verificationEmail } from './emails.js';
import { checkPassword, normalizeEmail, validateProfile, validateSignup } from './validation.js';
import { loadViewer, preferencesOf, type UserRow } from './users.js';
import { announceSessionsEnded } from './sessions.js';
import { accountLifecycle } from './lifecycle.js';

/** The session object, shaped like the hosted provider's the first build used. */
export interface Session {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  user: {
    id: string;
    email: string;
    user_metadata: { first_name: string; last_name: string; travel_preferences: ReturnType<typeof preferencesOf> };
  };
}

// ---------- sign-up and e-mail verification ----------

/**
 * Creates an account. Normally its address is then verified from a mailed link before the first
 * sign-in; someone signing up from a trip invitation's link, with the address it was sent to,
 * has proven that address already: they are verified, join the trip and are signed in at once
 * (the answer then carries `session` and `trip_id`).
 */
export async function signUp(ctx: RequestContext, body: Record<string, unknown>) {
  const { deps } = ctx;
  await deps.limiter.consume('signupPerIp', ctx.clientIp, M.tooManyAttempts);
  const input = validateSignup(body);
  await deps.limiter.consume('mailPerEmail', input.email, M.tooManyAttempts);
  const prisma = deps.db.prisma;
  if (await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw new ConflictError(M.emailTaken, 'email');
  const proof = input.invitationToken ? await accountLifecycle().invitationProvingAddress(deps, input.invitationToken, input.email) : null;
  const isAdmin = deps.config.adminEmails.includes(input.email);
  const now = new Date();
  const user = await prisma.user
    .create({
      data: {
        email: input.email,
        passwordHash: await hashPassword(input.password),
        role: isAdmin ? 'ADMIN' : 'USER',
        firstName: input.firstName,
        lastName: input.lastName,
        city: input.city,
        state: input.state,
        country: input.country,
        countryOther: input.countryOther,
        preferencesSkipped: input.preferencesSkipped,
        emailVerifiedAt: proof ? now : null,
        lastSignInAt: proof ? now : null,
        ...input.preferences,
      },
    })
    .catch((err: unknown) => {
      // Two sign-ups racing for one address: the unique index decides.
      if ((err as { code?: string }).code === 'P2002') throw new ConflictError(M.emailTaken, 'email');
      throw err;
    });
  // The invitation chosen on the public page (any of those open for the address), else the link's own.
  const chosen = input.invitation ?? proof?.id ?? null;
  await accountLifecycle().signedUp(deps, user, chosen);
  if (proof) {
    await accountLifecycle().verified(deps, user);
    const joined = chosen
      ? await prisma.tripInvitation.findFirst({ where: { id: chosen, invitedUserId: user.id, status: 'ACCEPTED' }, select: { tripId: true } })
      : null;
    const tripId = joined?.tripId ?? proof.tripId;
    deps.logger.info({ userId: user.id, tripId }, 'user signed up from an invitation');
    const { session } = await issueSession(ctx, user, crypto.randomUUID());
    return { user: { id: user.id, email: user.email }, verified: true, session, trip_id: tripId };
  }
  await sendVerificationEmail(deps, user);
  deps.logger.info({ userId: user.id }, 'user signed up');
  return { user: { id: user.id, email: user.email }, verified: false };
}

/**
 * Mails a single-use link proving `address` belongs to the user: the account's own address
 * (sign-up), or the new one of an e-mail change (`address` = pendingEmail).
 */
async function sendVerificationEmail(deps: AppDeps, user: { id: string; email: string; firstName: string }, address = user.email) {
  const { token, hash } = newOpaqueToken();
  await deps.db.prisma.emailVerificationToken.create({
    data: { userId: user.id, tokenHash: hash, email: address, expiresAt: secondsFromNow(VERIFICATION_TOKEN_TTL_SECONDS) },
  });
  const url = `${deps.config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(address === user.email ? verificationEmail(address, user.firstName, url) : emailChangeEmail(address, user.firstName, url));
}

export type VerifyOutcome = 'VERIFIED' | 'ALREADY_VERIFIED' | 'EMAIL_CHANGED' | 'INVALID';

/**
 * Follows an e-mailed link. The token works once and only for the address it was sent to:
 * the account's address (it becomes verified), or the pending new address of an e-mail change
 * (the account moves to it, unless another account took it meanwhile).
 */
export async function verifyEmail(ctx: RequestContext, token: string): Promise<VerifyOutcome> {
  if (!token) return 'INVALID';
  const prisma = ctx.deps.db.prisma;
  const row = await prisma.emailVerificationToken.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: true } });
  if (!row) return 'INVALID';
  // A link opened again (a second click, a mail app's preview) for an address that is the
  // account's and verified: say so, rather than call a good link invalid.
  if (row.usedAt && row.email === row.user.email && row.user.emailVerifiedAt) return 'ALREADY_VERIFIED';
  if (row.usedAt || row.expiresAt < new Date()) return 'INVALID';
  const now = new Date();
  if (row.email === row.user.email) {
    await prisma.$transaction([
      prisma.emailVerificationToken.update({ where: { id: row.id }, data: { usedAt: now } }),
      prisma.user.update({ where: { id: row.userId }, data: { emailVerifiedAt: row.user.emailVerifiedAt ?? now } }),
    ]);
    // Trips accepted before having an account are joined now; inviters become friends.
    await accountLifecycle().verified(ctx.deps, row.user);
    return 'VERIFIED';
  }
  if (row.email !== row.user.pendingEmail) return 'INVALID';
  try {
    await prisma.$transaction([
      prisma.emailVerificationToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } }),
      prisma.user.update({ where: { id: row.userId }, data: { email: row.email, pendingEmail: null, emailVerifiedAt: now } }),
    ]);
  } catch (err) {
    // Another account signed up with the address before the link was opened.
    if ((err as { code?: string }).code === 'P2002') return 'INVALID';
    throw err;
  }
  return 'EMAIL_CHANGED';
}

/** Always answers the same, so it cannot be used to learn which addresses have accounts. */
export async function resendVerification(ctx: RequestContext, rawEmail: unknown) {
  const email = normalizeEmail(rawEmail);
  if (!email) throw new ValidationError(M.invalidEmail, 'email');
  await ctx.deps.limiter.consume('mailRequestsPerIp', ctx.clientIp, M.tooManyAttempts);
  await ctx.deps.limiter.consume('mailPerEmail', email, M.tooManyAttempts);
  const user = await ctx.deps.db.prisma.user.findUnique({ where: { email } });
  if (user && !user.emailVerifiedAt) await sendVerificationEmail(ctx.deps, user);
  return { message: M.verificationResent };
}

// ---------- sign-in, refresh, sign-out ----------

export async function signIn(ctx: RequestContext, body: Record<string, unknown>): Promise<Session> {
  const { deps } = ctx;
  const email = normalizeEmail(body.email);
  const password = typeof body.password === 'string' ? body.password : '';
  if (!email || !password) throw new ValidationError(M.invalidCredentials);
  // Guessing is slowed per client (address) and per client and account, so a stranger's wrong
  // passwords use up only their own attempts, never the owner's. Failures from everywhere also
  // count per account; past that budget only a client the owner signed in from may still try.
  const clientAndEmail = `${ctx.clientIp}|${email}`;
  await deps.limiter.consume('signinPerIp', ctx.clientIp, M.tooManyAttempts);
  await deps.limiter.consume('signinPerClientAndEmail', clientAndEmail, M.tooManyAttempts);
  if ((await deps.limiter.isExhausted('signinFailuresPerEmail', email)) && !(await deps.limiter.isExhausted('signinKnownClient', clientAndEmail))) {
    throw new RateLimitedError(M.tooManyAttempts, RATE_LIMITS.signinFailuresPerEmail.duration);
  }
  const user = await deps.db.prisma.user.findUnique({ where: { email } });
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok) {
    await deps.limiter.record('signinFailuresPerEmail', email);
    throw new ValidationError(M.invalidCredentials);
  }
  if (!user.emailVerifiedAt) throw new AuthRefusedError(M.emailNotConfirmed, 'email_not_confirmed');
  await deps.limiter.reset('signinPerClientAndEmail', clientAndEmail);
  await deps.limiter.record('signinKnownClient', clientAndEmail);
  await deps.db.prisma.user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
  return (await issueSession(ctx, user, crypto.randomUUID())).session;
}

async function issueSession(ctx: RequestContext, user: UserRow, familyId: string): Promise<{ session: Session; refreshTokenId: string }> {
  const { deps } = ctx;
  const isAdmin = user.role === 'ADMIN';
  const access = await signAccessToken(deps.authSecret, { userId: user.id, isAdmin, sessionVersion: user.sessionVersion, sessionId: familyId });
  const refresh = newOpaqueToken();
  const row = await deps.db.prisma.refreshToken.create({
    data: {
      userId: user.id,
      tokenHash: refresh.hash,
      familyId,
      sessionVersion: user.sessionVersion,
      expiresAt: secondsFromNow(REFRESH_TOKEN_TTL_SECONDS),
      userAgent: ctx.userAgent.slice(0, 300),
      createdIp: ctx.clientIp.slice(0, 64),
    },
  });
  const session: Session = {
    access_token: access.token,
    refresh_token: refresh.token,
    token_type: 'bearer',
    expires_in: access.expiresAt - Math.floor(Date.now() / 1000),
    expires_at: access.expiresAt,
    user: {
      id: user.id,
      email: user.email,
      user_metadata: { first_name: user.firstName, last_name: user.lastName, travel_preferences: preferencesOf(user) },
    },
  };
  return { session, refreshTokenId: row.id };
}

/** How long after a refresh token is spent the same client may present it again (see below). */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/**
 * Rotates a refresh token: the presented one is spent and a new one of the same family issued.
 * Presenting a spent token again means it was copied, so the whole family is revoked — except
 * within a short grace after it was spent, from the same browser: two tabs refreshing at the
 * same moment both present the token, and the slower one must not sign the user out.
 */
export async function refreshSession(ctx: RequestContext, token: unknown): Promise<Session> {
  if (typeof token !== 'string' || !token) throw new UnauthenticatedError(M.invalidRefreshToken);
  const prisma = ctx.deps.db.prisma;
  const row = await prisma.refreshToken.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: true } });
  // A token issued before the password was last changed or reset belongs to an ended session,
  // even one issued by a refresh that raced the change.
  if (!row || row.revokedAt || row.expiresAt < new Date() || row.sessionVersion < row.user.sessionVersion)
    throw new UnauthenticatedError(M.invalidRefreshToken);
  const sameClient = row.userAgent === ctx.userAgent.slice(0, 300);
  const withinGrace = (usedAt: Date | null) => !!usedAt && sameClient && Date.now() - usedAt.getTime() < REFRESH_REUSE_GRACE_MS;
  if (row.usedAt) {
    if (withinGrace(row.usedAt)) return (await issueSession(ctx, row.user, row.familyId)).session;
    await prisma.refreshToken.updateMany({ where: { familyId: row.familyId, revokedAt: null }, data: { revokedAt: new Date() } });
    ctx.deps.logger.warn({ userId: row.userId, familyId: row.familyId }, 'refresh token reuse: family revoked');
    throw new UnauthenticatedError(M.invalidRefreshToken);
  }
  // Spend it atomically: of two concurrent refreshes with one token, one rotates it and the
  // other (a second tab) is served within the grace.
  const spent = await prisma.refreshToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
  if (spent.count !== 1) {
    const now = await prisma.refreshToken.findUnique({ where: { id: row.id } });
    if (now && !now.revokedAt && withinGrace(now.usedAt)) return (await issueSession(ctx, row.user, row.familyId)).session;
    throw new UnauthenticatedError(M.invalidRefreshToken);
  }
  const { session, refreshTokenId } = await issueSession(ctx, row.user, row.familyId);
  await prisma.refreshToken.update({ where: { id: row.id }, data: { replacedBy: refreshTokenId } });
  return session;
}

export async function signOut(ctx: RequestContext, token: unknown): Promise<void> {
  if (typeof token !== 'string' || !token) return;
  const prisma = ctx.deps.db.prisma;
  const row = await prisma.refreshToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (row) await prisma.refreshToken.updateMany({ where: { familyId: row.familyId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/**
 * Resolves a bearer token to the viewer: null when no token was sent (a signed-out request);
 * a token that was sent but is invalid, expired, names a deleted account or belongs to a session
 * ended by a password change or reset is refused outright (401 / UNAUTHENTICATED), so the client
 * knows to refresh rather than showing signed-out data.
 */
export async function authenticate(deps: AppDeps, authorization: string | null | undefined): Promise<Viewer | null> {
  if (!authorization) return null;
  const token = bearerToken(authorization);
  if (!token) throw new UnauthenticatedError(M.invalidAccessToken);
  const claims = await verifyAccessToken(deps.authSecret, token);
  if (!claims) throw new UnauthenticatedError(M.invalidAccessToken);
  const viewer = await loadViewer(deps, claims.userId, { version: claims.sessionVersion, id: claims.sessionId });
  if (!viewer) throw new UnauthenticatedError(M.invalidAccessToken);
  return viewer;
}

// ---------- password reset ----------

export async function requestPasswordReset(ctx: RequestContext, rawEmail: unknown) {
  const email = normalizeEmail(rawEmail);
  if (!email) throw new ValidationError(M.invalidEmail, 'email');
  await ctx.deps.limiter.consume('mailRequestsPerIp', ctx.clientIp, M.tooManyAttempts);
  await ctx.deps.limiter.consume('mailPerEmail', email, M.tooManyAttempts);
  const user = await ctx.deps.db.prisma.user.findUnique({ where: { email } });
  if (user) {
    const { token, hash } = newOpaqueToken();
    await ctx.deps.db.prisma.passwordResetToken.create({
      data: { userId: user.id, tokenHash: hash, expiresAt: secondsFromNow(RESET_TOKEN_TTL_SECONDS) },
    });
    const url = `${ctx.deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await ctx.deps.mailer.send(passwordResetEmail(user.email, user.firstName, url));
  }
  return { message: M.resetSent };
}

/**
 * A reset token works once; using it also ends every session at once: refresh tokens revoked,
 * and the session version raised so that access tokens already issued are refused too.
 */
export async function resetPassword(ctx: RequestContext, body: Record<string, unknown>) {
  const token = typeof body.token === 'string' ? body.token : '';
  const password = typeof body.password === 'string' ? body.password : '';
  if (typeof body.confirm_password === 'string' && body.confirm_password !== password) throw new ValidationError(M.passwordsDiffer, 'confirm_password');
  if (!token) throw new ValidationError(M.invalidResetLink, 'token');
  await ctx.deps.limiter.consume('resetPerToken', hashToken(token), M.tooManyAttempts);
  checkPassword(password);
  const prisma = ctx.deps.db.prisma;
  const row = await prisma.passwordResetToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.usedAt || row.expiresAt < new Date()) throw new ValidationError(M.invalidResetLink, 'token');
  const spent = await prisma.passwordResetToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
  if (spent.count !== 1) throw new ValidationError(M.invalidResetLink, 'token');
  const now = new Date();
  const [user] = await prisma.$transaction([
    // Following the e-mailed link proves the address, so it also counts as verification.
    prisma.user.update({ where: { id: row.userId }, data: { passwordHash: await hashPassword(password), sessionVersion: { increment: 1 } } }),
    prisma.user.updateMany({ where: { id: row.userId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } }),
    prisma.refreshToken.updateMany({ where: { userId: row.userId, revokedAt: null }, data: { revokedAt: now } }),
    prisma.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } }),
  ]);
  announceSessionsEnded(ctx.deps, user.id, user.sessionVersion);
  return { message: M.passwordUpdated };
}

// ---------- profile ----------

/**
 * Saves the settings page. A new e-mail address is not taken at once: it waits in `pendingEmail`
 * while a link goes to it (and a notice to the current address), and the account keeps signing
 * in with its current address until the link is opened (see verifyEmail).
 */
export async function updateProfile(ctx: RequestContext, raw: Parameters<typeof validateProfile>[0] & { currentPassword?: string | null }) {
  const viewer = requireViewer(ctx);
  const input = validateProfile(raw);
  const prisma = ctx.deps.db.prisma;
  const current = await prisma.user.findUniqueOrThrow({ where: { id: viewer.id } });
  const emailChanged = input.email !== current.email;
  if (emailChanged) {
    // Whoever holds a signed-in browser (or a stolen token) must not move the account away.
    if (!raw.currentPassword) throw new ValidationError(M.currentPasswordRequired, 'currentPassword');
    await ctx.deps.limiter.consume('signinPerEmail', current.email, M.tooManyAttempts);
    if (!(await verifyPassword(current.passwordHash, raw.currentPassword))) throw new ValidationError(M.currentPasswordWrong, 'currentPassword');
    // 'Already in use' tells whether an address has an account: limited like other lookups.
    await ctx.deps.limiter.consume('addressLookupPerUser', viewer.id, M.tooManyAttempts);
    if (await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw new ConflictError(M.emailInUse, 'email');
    await ctx.deps.limiter.consume('mailPerEmail', input.email, M.tooManyAttempts);
  }
  const user = await prisma.user.update({
    where: { id: viewer.id },
    data: {
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      city: input.city,
      state: input.state,
      country: input.country,
      countryOther: input.countryOther,
      ...input.preferences,
      preferencesSkipped: false,
      ...(emailChanged ? { pendingEmail: input.email } : {}),
    },
  });
  if (emailChanged) {
    await sendVerificationEmail(ctx.deps, user, input.email);
    if (current.pendingEmail !== input.email) {
      const resetUrl = `${ctx.deps.config.publicUrl}/forgot-password`;
      await ctx.deps.mailer.send(emailChangeNoticeEmail(current.email, user.firstName, input.email, resetUrl));
    }
  }
  return { user, emailChangeSent: emailChanged };
}

/** Drops a pending e-mail change: its links stop working; the account keeps its address. */
export async function cancelEmailChange(ctx: RequestContext) {
  const viewer = requireViewer(ctx);
  const prisma = ctx.deps.db.prisma;
  const [user] = await prisma.$transaction([
    prisma.user.update({ where: { id: viewer.id }, data: { pendingEmail: null } }),
    prisma.emailVerificationToken.updateMany({ where: { userId: viewer.id, usedAt: null }, data: { usedAt: new Date() } }),
  ]);
  return user;
}

/** ADMIN_EMAILS is the operator's list: those accounts are administrators, now and when they sign up. */
export async function grantConfiguredAdmins(deps: AppDeps) {
  if (deps.config.adminEmails.length === 0) return;
  await deps.db.prisma.user.updateMany({
    where: { email: { in: deps.config.adminEmails }, role: { not: 'ADMIN' } },
    data: { role: 'ADMIN' },
  });
}
