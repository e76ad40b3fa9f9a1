import { Prisma, type GuideStatus } from '../generated/prisma/client.js';
import type { RequestContext } from '../platform/context.js';
import { requireViewer } from '../platform/context.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import type { Tx } from '../platform/outbox.js';
import { countOnceToday } from '../platform/readerMarks.js';
import { parseInput } from '../platform/validation.js';
import { GuideContentSchema, type GuideContent } from './content.js';
import { guideItineraryEmail } from './emails.js';
import { GuideMessages } from './messages.js';
import { GuideEditInput, type GuideEdit } from './validation.js';

/** A guide as both doors answer it. */
export interface GuideView {
  id: string;
  slug: string;
  title: string;
  city: string;
  country: string;
  status: GuideStatus;
  featured: boolean;
  description: string | null;
  content: GuideContent | null;
  viewCount: number;
  author: string | null;
  createdAt: Date;
  updatedAt: Date;
}

type GuideRow = Prisma.GuideGetPayload<object>;

/** Stored content that no longer passes the schema shows as no content, never as a broken page. */
function view(row: GuideRow): GuideView {
  const parsed = GuideContentSchema.safeParse(row.content);
  return { ...row, content: parsed.success ? parsed.data : null };
}

const isAdmin = (ctx: RequestContext) => !!ctx.viewer?.isAdmin;

function requireAdmin(ctx: RequestContext) {
  const viewer = requireViewer(ctx);
  if (!viewer.isAdmin) throw new ForbiddenError(GuideMessages.adminOnly);
  return viewer;
}

/** Published guides, featured first, for /guides and the stories landing. */
export async function listPublishedGuides(ctx: RequestContext): Promise<GuideView[]> {
  const rows = await ctx.deps.db.prisma.guide.findMany({
    where: { status: 'PUBLISHED' },
    orderBy: [{ featured: 'desc' }, { title: 'asc' }],
    take: 100,
  });
  return rows.map(view);
}

/**
 * One guide by its slug. Drafts and hidden guides exist only for administrators; anyone else
 * is told there is no such guide (the page then shows the generic 'City Guide').
 */
export async function getGuide(ctx: RequestContext, slug: string): Promise<GuideView> {
  const row = await ctx.deps.db.prisma.guide.findUnique({ where: { slug: slug.toLowerCase() } });
  if (!row || (row.status !== 'PUBLISHED' && !isAdmin(ctx))) throw new NotFoundError(GuideMessages.notFound);
  return view(row);
}

/**
 * A reader opened the guide page: the guide, with its view counted once per reader per day
 * (platform/readerMarks.ts; published guides only). The server's own read, to render the page,
 * counts none: the reader's browser reads it again, and that counts.
 */
export async function readGuide(ctx: RequestContext, slug: string): Promise<GuideView> {
  const guide = await getGuide(ctx, slug);
  if (guide.status === 'PUBLISHED' && !ctx.serverRender) {
    const update = Prisma.sql`UPDATE guides SET view_count = view_count + 1 WHERE id = ${guide.id}::uuid`;
    if (await countOnceToday(ctx, `guide:${guide.id}`, update)) guide.viewCount += 1;
  }
  return guide;
}

/** Mails the guide's sample plans (or the one named) to the signed-in reader's own address. */
export async function emailGuideItinerary(ctx: RequestContext, slug: string, planKey?: string | null): Promise<{ sentTo: string }> {
  const viewer = requireViewer(ctx);
  const guide = await getGuide(ctx, slug);
  const all = guide.content?.itineraries ?? [];
  const plans = planKey ? all.filter((p) => p.key === planKey) : all;
  if (!plans.length) throw new ValidationError(GuideMessages.planNotFound, 'plan');
  await ctx.deps.limiter.consume('mailPerEmail', `guide-itinerary:${viewer.id}`, GuideMessages.tooManyEmails);
  const user = await ctx.deps.db.prisma.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { email: true, firstName: true } });
  const url = `${ctx.deps.config.publicUrl}/guides/${guide.slug}`;
  await ctx.deps.mailer.send(guideItineraryEmail({ to: user.email, firstName: user.firstName, guideTitle: guide.title, plans, url }));
  return { sentTo: user.email };
}

// Administration: the admin console's guide screen calls these (every one checks the role).

export interface AdminGuideFilter {
  search?: string | null;
  status?: GuideStatus | null;
  first?: number | null;
  /** The last guide id of the previous page. */
  after?: string | null;
}

/** Every guide, newest change first, searched by title or city, a page at a time. */
export async function listGuidesForAdmin(ctx: RequestContext, filter: AdminGuideFilter = {}) {
  requireAdmin(ctx);
  const take = Math.min(Math.max(filter.first ?? 50, 1), 100);
  const search = filter.search?.trim();
  const rows = await ctx.deps.db.prisma.guide.findMany({
    where: {
      ...(filter.status ? { status: filter.status } : {}),
      ...(search ? { OR: [{ title: { contains: search, mode: 'insensitive' } }, { city: { contains: search, mode: 'insensitive' } }] } : {}),
    },
    orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
    take: take + 1,
    ...(filter.after ? { cursor: { id: filter.after }, skip: 1 } : {}),
  });
  return { guides: rows.slice(0, take).map(view), hasNextPage: rows.length > take };
}

/** One guide by its id, whatever its status, with its page (the editor's read); null when there is none. */
export async function getGuideForAdmin(ctx: RequestContext, guideId: string): Promise<GuideView | null> {
  requireAdmin(ctx);
  if (!isUuid(guideId)) return null;
  const row = await ctx.deps.db.prisma.guide.findUnique({ where: { id: guideId } });
  return row && view(row);
}

/**
 * Runs with what else belongs to the change in its transaction: the console's audit entry gets
 * the guide as it was (`before`, null for a new one) and as it is (`after`, null once deleted).
 */
export type GuideAlongside = (tx: Tx, before: GuideView | null, after: GuideView | null) => Promise<void>;

async function changeGuide(ctx: RequestContext, guideId: string, data: Prisma.GuideUpdateInput, alongside?: GuideAlongside): Promise<GuideView> {
  requireAdmin(ctx);
  if (!isUuid(guideId)) throw new NotFoundError(GuideMessages.notFound);
  return ctx.deps.db.prisma.$transaction(async (tx) => {
    const before = alongside ? await tx.guide.findUnique({ where: { id: guideId } }) : null;
    const result = await tx.guide.updateManyAndReturn({ where: { id: guideId }, data });
    if (!result[0]) throw new NotFoundError(GuideMessages.notFound);
    const after = view(result[0]);
    if (alongside) await alongside(tx, before && view(before), after);
    return after;
  });
}

export const setGuideStatus = (ctx: RequestContext, guideId: string, status: GuideStatus, alongside?: GuideAlongside) =>
  changeGuide(ctx, guideId, { status }, alongside);

export const setGuideFeatured = (ctx: RequestContext, guideId: string, featured: boolean, alongside?: GuideAlongside) =>
  changeGuide(ctx, guideId, { featured }, alongside);

/** Edits a guide's heading fields and its page; the content is checked whole before it is stored. */
export async function updateGuide(ctx: RequestContext, guideId: string, raw: Partial<GuideEdit>, alongside?: GuideAlongside): Promise<GuideView> {
  requireAdmin(ctx);
  const input = parseInput(GuideEditInput.partial(), raw);
  try {
    return await changeGuide(ctx, guideId, { ...input, ...(input.content ? { content: input.content as Prisma.InputJsonObject } : {}) }, alongside);
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') throw new ConflictError(GuideMessages.slugTaken, 'slug');
    throw error;
  }
}

/** A new guide, as a draft unless said otherwise. */
export async function createGuide(ctx: RequestContext, raw: GuideEdit & { status?: GuideStatus }, alongside?: GuideAlongside): Promise<GuideView> {
  requireAdmin(ctx);
  const input = parseInput(GuideEditInput, raw);
  try {
    return await ctx.deps.db.prisma.$transaction(async (tx) => {
      const row = await tx.guide.create({
        data: { ...input, content: (input.content ?? {}) as Prisma.InputJsonObject, status: raw.status ?? 'DRAFT' },
      });
      const created = view(row);
      if (alongside) await alongside(tx, null, created);
      return created;
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') throw new ConflictError(GuideMessages.slugTaken, 'slug');
    throw error;
  }
}

export async function deleteGuide(ctx: RequestContext, guideId: string, alongside?: GuideAlongside): Promise<{ id: string }> {
  requireAdmin(ctx);
  if (!isUuid(guideId)) throw new NotFoundError(GuideMessages.notFound);
  return ctx.deps.db.prisma.$transaction(async (tx) => {
    const before = alongside ? await tx.guide.findUnique({ where: { id: guideId } }) : null;
    const { count } = await tx.guide.deleteMany({ where: { id: guideId } });
    if (!count) throw new NotFoundError(GuideMessages.notFound);
    if (alongside) await alongside(tx, before && view(before), null);
    return { id: guideId };
  });
}
