import type { GuideStatus, Prisma } from '../../generated/prisma/client.js';
import type { RequestContext, Viewer } from '../../platform/context.js';
import { isUuid } from '../../platform/ids.js';
import {
  createGuide,
  deleteGuide,
  getGuideForAdmin,
  listGuidesForAdmin,
  setGuideFeatured,
  setGuideStatus,
  updateGuide,
  type AdminGuideFilter,
  type GuideAlongside,
  type GuideView,
} from '../../guides/service.js';
import type { GuideEdit } from '../../guides/validation.js';
import { requireAdmin } from '../access.js';
import { recordAdminAction } from '../audit.js';

/**
 * The console's guides screen: the guides service's own administration functions, each with its
 * audit entry written in the change's transaction. Lists and counters are read on the server.
 */

/** The heading fields an audit entry keeps of a guide (the page content is too big to copy twice). */
const summaryOf = (g: GuideView) => ({
  slug: g.slug,
  title: g.title,
  city: g.city,
  country: g.country,
  status: g.status,
  featured: g.featured,
  description: g.description,
  author: g.author,
});

/** The page's sections that differ (by name), so an entry says what an edit touched without copying the page. */
function changedSections(before: GuideView | null, after: GuideView | null): string[] {
  const b = (before?.content ?? {}) as Record<string, unknown>;
  const a = (after?.content ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])).sort();
}

/** Only the fields that changed, before and after; a page edit adds the names of its changed sections. */
function changed(before: GuideView | null, after: GuideView | null) {
  const b = before ? summaryOf(before) : null;
  const a = after ? summaryOf(after) : null;
  if (!b || !a) {
    const page = (g: GuideView | null) => (g?.content ? { contentSections: Object.keys(g.content).sort() } : {});
    return { before: b && { ...b, ...page(before) }, after: a && { ...a, ...page(after) } };
  }
  const keys = (Object.keys(a) as (keyof typeof a)[]).filter((k) => a[k] !== b[k]);
  const pick = (o: typeof a) => Object.fromEntries(keys.map((k) => [k, o[k]]));
  const sections = changedSections(before, after);
  const page = (g: GuideView | null) =>
    sections.length ? { content: Object.fromEntries(sections.map((k) => [k, (g?.content as Record<string, unknown> | null)?.[k] ?? null])) } : {};
  return { before: { ...pick(b), ...page(before) }, after: { ...pick(a), ...page(after) } };
}

const audited =
  (actor: Viewer, action: string, id: string | null, verb: string): GuideAlongside =>
  (tx, before, after) =>
    recordAdminAction(tx, actor, {
      action: `guide.${action}`,
      targetType: 'guide',
      targetId: after?.id ?? before?.id ?? id,
      ...changed(before, after),
      summary: `${verb} guide "${(after ?? before)?.title ?? ''}"`,
    });

export const listGuides = (ctx: RequestContext, filter: AdminGuideFilter) => {
  // A cursor that is not a guide id starts from the first page rather than failing.
  return listGuidesForAdmin(ctx, { ...filter, after: filter.after && isUuid(filter.after) ? filter.after : null });
};

const whereOf = (filter: AdminGuideFilter): Prisma.GuideWhereInput => {
  const search = filter.search?.trim();
  return {
    ...(filter.status ? { status: filter.status } : {}),
    ...(search ? { OR: [{ title: { contains: search, mode: 'insensitive' } }, { city: { contains: search, mode: 'insensitive' } }] } : {}),
  };
};

export function getGuide(ctx: RequestContext, id: string): Promise<GuideView | null> {
  requireAdmin(ctx);
  return getGuideForAdmin(ctx, id);
}

export async function countGuides(ctx: RequestContext, filter: AdminGuideFilter): Promise<number> {
  requireAdmin(ctx);
  return ctx.deps.db.prisma.guide.count({ where: whereOf(filter) });
}

export interface GuideStats {
  total: number;
  published: number;
  drafts: number;
  hidden: number;
  featured: number;
  totalViews: number;
}

/** The four counters (and featured and hidden), over every guide, in one statement. */
export async function guideStats(ctx: RequestContext): Promise<GuideStats> {
  requireAdmin(ctx);
  const groups = await ctx.deps.db.prisma.guide.groupBy({ by: ['status', 'featured'], _count: { _all: true }, _sum: { viewCount: true } });
  const sum = (keep: (g: (typeof groups)[number]) => boolean) => groups.filter(keep).reduce((n, g) => n + g._count._all, 0);
  return {
    total: sum(() => true),
    published: sum((g) => g.status === 'PUBLISHED'),
    drafts: sum((g) => g.status === 'DRAFT'),
    hidden: sum((g) => g.status === 'HIDDEN'),
    featured: sum((g) => g.featured),
    totalViews: groups.reduce((n, g) => n + (g._sum.viewCount ?? 0), 0),
  };
}

export async function adminSetGuideStatus(ctx: RequestContext, id: string, status: Exclude<GuideStatus, 'DRAFT'>): Promise<GuideView> {
  const actor = requireAdmin(ctx);
  const [action, verb] = status === 'PUBLISHED' ? ['publish', 'Published'] : ['hide', 'Hid'];
  return setGuideStatus(ctx, id, status, audited(actor, action, id, verb));
}

export async function adminSetGuideFeatured(ctx: RequestContext, id: string, featured: boolean): Promise<GuideView> {
  const actor = requireAdmin(ctx);
  return setGuideFeatured(ctx, id, featured, audited(actor, featured ? 'feature' : 'unfeature', id, featured ? 'Featured' : 'Unfeatured'));
}

export async function adminUpdateGuide(ctx: RequestContext, id: string, input: Partial<GuideEdit>): Promise<GuideView> {
  const actor = requireAdmin(ctx);
  return updateGuide(ctx, id, input, audited(actor, 'update', id, 'Edited'));
}

export async function adminCreateGuide(ctx: RequestContext, input: GuideEdit & { status?: GuideStatus }): Promise<GuideView> {
  const actor = requireAdmin(ctx);
  return createGuide(ctx, input, audited(actor, 'create', null, 'Created'));
}

export async function adminDeleteGuide(ctx: RequestContext, id: string): Promise<{ id: string }> {
  const actor = requireAdmin(ctx);
  return deleteGuide(ctx, id, audited(actor, 'delete', id, 'Deleted'));
}
