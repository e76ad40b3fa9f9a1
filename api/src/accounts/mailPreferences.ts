/** Which trip updates a user also wants by e-mail (for now: polls). Settings' switches save here. */
import { requireViewer, type RequestContext } from '../platform/context.js';
import { ValidationError } from '../platform/errors.js';

/** Turns "E-mail me about polls" on or off for the viewer; answers the new value. */
export async function setPollEmails(ctx: RequestContext, on: unknown): Promise<boolean> {
  const viewer = requireViewer(ctx);
  if (typeof on !== 'boolean') throw new ValidationError('Choose on or off.', 'on');
  const user = await ctx.deps.db.prisma.user.update({ where: { id: viewer.id }, data: { emailPolls: on }, select: { emailPolls: true } });
  return user.emailPolls;
}
