import { requireViewer, type RequestContext, type Viewer } from '../platform/context.js';
import { ForbiddenError } from '../platform/errors.js';

/** The message every admin door refuses with (REST rows, GraphQL fields and mutations alike). */
export const ADMIN_REQUIRED = 'Administrator access is required.';

/**
 * The signed-in administrator, or an error. Every admin service function starts here, so the
 * rule holds whichever door (GraphQL, REST, a script) reaches it.
 */
export function requireAdmin(ctx: RequestContext): Viewer {
  const viewer = requireViewer(ctx);
  if (!viewer.isAdmin) throw new ForbiddenError(ADMIN_REQUIRED);
  return viewer;
}
