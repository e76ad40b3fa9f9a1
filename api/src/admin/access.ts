// Stand-in until the shared admin foundation lands (replaced by main's version on merge).
import type { RequestContext, Viewer } from '../platform/context.js';
import { ForbiddenError, UnauthenticatedError } from '../platform/errors.js';

export function requireAdmin(ctx: RequestContext): Viewer {
  if (!ctx.viewer) throw new UnauthenticatedError();
  if (!ctx.viewer.isAdmin) throw new ForbiddenError('Administrator access is required.');
  return ctx.viewer;
}
