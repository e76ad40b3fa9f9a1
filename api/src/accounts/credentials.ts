import { requireViewer, type RequestContext } from '../platform/context.js';
import { ValidationError } from '../platform/errors.js';
import { AccountMessages as M } from './messages.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { signAccessToken } from './tokens.js';
import { passwordChangeProblems } from './accountFields.js';
import { announceSessionsEnded } from './sessions.js';
import { passwordChangedNoticeEmail } from './emails.js';
import { retireAccount } from './deletion.js';

/**
 * Settings' "Change password" and "Delete account": both are proven with the account's current
 * password, as an e-mail change is, so that a signed-in browser left open (or a stolen access
 * token) cannot take the account over or destroy it. Wrong guesses use up the same budget.
 */

export interface ChangePasswordInput {
  currentPassword?: string | null;
  newPassword?: string | null;
  /** Checked when sent (the form sends it; a program calling the API need not). */
  confirmPassword?: string | null;
}

/** The fresh access token of the session that changed the password. */
export interface RenewedAccess {
  accessToken: string;
  /** Unix seconds. */
  expiresAt: number;
  expiresIn: number;
}

/** Checks the current password, counting the attempt against the account's budget. */
async function provePassword(ctx: RequestContext, userId: string, password: string, field: string) {
  const prisma = ctx.deps.db.prisma;
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, firstName: true, passwordHash: true } });
  await ctx.deps.limiter.consume('signinPerEmail', user.email, M.tooManyAttempts);
  if (!(await verifyPassword(user.passwordHash, password))) throw new ValidationError(M.currentPasswordWrong, field);
  return user;
}

/**
 * Changes the viewer's password, with the sign-up rules for the new one. Every other session
 * ends at once: their refresh tokens are revoked, and the account's session version goes up, so
 * their access tokens are refused from the next request on and their sockets close. The session
 * that asked stays signed in: its refresh token is carried over to the new version, and the
 * answer brings it a fresh access token (the one it sent is refused from now on, like every
 * token issued before the change). Outstanding reset links stop working; a notice is mailed.
 */
export async function changePassword(ctx: RequestContext, raw: ChangePasswordInput): Promise<RenewedAccess> {
  const viewer = requireViewer(ctx);
  const currentPassword = raw.currentPassword ?? '';
  const newPassword = raw.newPassword ?? '';
  const problems = passwordChangeProblems({ currentPassword, newPassword, confirmPassword: raw.confirmPassword });
  if (problems.length) throw new ValidationError(problems[0]!.message, problems[0]!.field, problems);

  const current = await provePassword(ctx, viewer.id, currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(newPassword);
  // The refresh-token family the request's access token was issued for; absent from tokens
  // issued before sessions were named, and then no session is kept past its access token.
  const keep = viewer.session?.id ?? null;
  const now = new Date();
  const prisma = ctx.deps.db.prisma;
  const user = await prisma.$transaction(async (tx) => {
    const updated = await tx.user.update({
      where: { id: viewer.id },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: { id: true, role: true, sessionVersion: true },
    });
    await tx.refreshToken.updateMany({
      where: { userId: viewer.id, revokedAt: null, ...(keep ? { familyId: { not: keep } } : {}) },
      data: { revokedAt: now },
    });
    if (keep)
      await tx.refreshToken.updateMany({ where: { userId: viewer.id, familyId: keep, revokedAt: null }, data: { sessionVersion: updated.sessionVersion } });
    await tx.passwordResetToken.updateMany({ where: { userId: viewer.id, usedAt: null }, data: { usedAt: now } });
    return updated;
  });
  announceSessionsEnded(ctx.deps, user.id, user.sessionVersion);
  ctx.deps.logger.info({ userId: user.id }, 'password changed; other sessions ended');

  try {
    await ctx.deps.mailer.send(passwordChangedNoticeEmail(current.email, current.firstName, `${ctx.deps.config.publicUrl}/forgot-password`));
  } catch (err) {
    // The change stands; only its notice is lost.
    ctx.deps.logger.error({ err, userId: user.id }, 'password change notice failed');
  }

  const access = await signAccessToken(ctx.deps.authSecret, {
    userId: user.id,
    isAdmin: user.role === 'ADMIN',
    sessionVersion: user.sessionVersion,
    // Without a family to keep, name a new one that has no refresh token: this access token
    // works until it expires, and then the session ends.
    sessionId: keep ?? crypto.randomUUID(),
  });
  return { accessToken: access.token, expiresAt: access.expiresAt, expiresIn: access.expiresAt - Math.floor(Date.now() / 1000) };
}

/**
 * Deletes the viewer's own account once its password is proven: see `retireAccount` for what
 * goes, what stays and who inherits the trips. Every session of the account ends with it.
 */
export async function deleteOwnAccount(ctx: RequestContext, raw: { password?: string | null }): Promise<{ userId: string }> {
  const viewer = requireViewer(ctx);
  const password = raw.password ?? '';
  if (!password) throw new ValidationError(M.deletePasswordRequired, 'password');
  await provePassword(ctx, viewer.id, password, 'password');
  await retireAccount(ctx.deps, viewer.id);
  return { userId: viewer.id };
}
