import { Prisma } from '../../generated/prisma/client.js';
import type { StoryStatus } from '../../generated/prisma/enums.js';
import type { RequestContext } from '../../platform/context.js';
import { ValidationError } from '../../platform/errors.js';
import { StoryMessages } from '../../stories/messages.js';
import { deleteStory, setStoryStatus } from '../../stories/service.js';
import { STORY_SELECT, storyViewOf, type StoryView } from '../../stories/view.js';
import { requireAdmin } from '../access.js';
import { recordAdminAction } from '../audit.js';

/** Admin lists answer at most this many rows a page. */
export const ADMIN_PAGE_MAX = 200;
export const ADMIN_PAGE_DEFAULT = 50;

/** A story as the console lists it: the public view plus its author's whole profile. */
export interface AdminStoryView extends StoryView {
  author: { firstName: string; lastName: string; email: string } | null;
}

export interface AdminStoryFilter {
  search?: string | null;
  status?: StoryStatus | null;
}

/** Where the next page starts: the last story of this one (updated_at, id). */
export interface UpdatedCursor {
  updatedAt: Date;
  id: string;
}

const ADMIN_SELECT = {
  ...STORY_SELECT,
  author: { select: { firstName: true, lastName: true, email: true } },
} as const satisfies Prisma.StorySelect;

function whereOf(filter: AdminStoryFilter): Prisma.StoryWhereInput {
  const search = filter.search?.trim();
  return {
    ...(filter.status ? { status: filter.status } : {}),
    ...(search ? { OR: [{ title: { contains: search, mode: 'insensitive' } }, { city: { contains: search, mode: 'insensitive' } }] } : {}),
  };
}

export const pageSize = (limit: number | null | undefined) => Math.min(Math.max(Math.trunc(limit ?? ADMIN_PAGE_DEFAULT), 1), ADMIN_PAGE_MAX);

/**
 * Every story, last changed first, searched by title or city and filtered by status on the
 * server; one statement for the page (author joined).
 */
export async function listStoriesForAdmin(
  ctx: RequestContext,
  filter: AdminStoryFilter & { limit?: number | null; after?: UpdatedCursor | null },
): Promise<AdminStoryView[]> {
  requireAdmin(ctx);
  const after = filter.after;
  const rows = await ctx.deps.db.prisma.story.findMany({
    where: {
      AND: [whereOf(filter), after ? { OR: [{ updatedAt: { lt: after.updatedAt } }, { updatedAt: after.updatedAt, id: { lt: after.id } }] } : {}],
    },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: pageSize(filter.limit),
    select: ADMIN_SELECT,
  });
  return rows.map((row) => ({ ...storyViewOf(row), author: row.author }));
}

/** How many stories the filter matches (the list's `totalCount`). */
export async function countStoriesForAdmin(ctx: RequestContext, filter: AdminStoryFilter): Promise<number> {
  requireAdmin(ctx);
  return ctx.deps.db.prisma.story.count({ where: whereOf(filter) });
}

export interface StoryStats {
  total: number;
  published: number;
  drafts: number;
  hidden: number;
  totalViews: number;
}

/** The stat cards: every story counted by status, with the views of all, in one statement. */
export async function storyStats(ctx: RequestContext): Promise<StoryStats> {
  requireAdmin(ctx);
  const groups = await ctx.deps.db.prisma.story.groupBy({ by: ['status'], _count: { _all: true }, _sum: { viewCount: true } });
  const of = (s: StoryStatus) => groups.find((g) => g.status === s)?._count._all ?? 0;
  return {
    total: groups.reduce((n, g) => n + g._count._all, 0),
    published: of('PUBLISHED'),
    drafts: of('DRAFT'),
    hidden: of('HIDDEN'),
    totalViews: groups.reduce((n, g) => n + (g._sum.viewCount ?? 0), 0),
  };
}

/**
 * Publish or Hide from the console, by the stories service's own rule (published from any other
 * status, hidden from any other), with the audit entry in the same transaction.
 */
export async function adminSetStoryStatus(ctx: RequestContext, storyId: string, status: StoryStatus): Promise<StoryView> {
  const actor = requireAdmin(ctx);
  if (status === 'DRAFT') throw new ValidationError(StoryMessages.invalidStatusMove, 'status');
  return setStoryStatus(ctx, storyId, status, (tx, before, after) =>
    recordAdminAction(tx, actor, {
      action: status === 'PUBLISHED' ? 'story.publish' : 'story.hide',
      targetType: 'story',
      targetId: storyId,
      before,
      after: { status: after.status },
      summary: `${status === 'PUBLISHED' ? 'Published' : 'Hid'} story "${after.title}"`,
    }),
  );
}

/** Delete from the console: the story and its sections go for good, audited in the same transaction. */
export async function adminDeleteStory(ctx: RequestContext, storyId: string): Promise<{ id: string }> {
  const actor = requireAdmin(ctx);
  return deleteStory(ctx, storyId, (tx, before) =>
    recordAdminAction(tx, actor, {
      action: 'story.delete',
      targetType: 'story',
      targetId: storyId,
      before,
      summary: `Deleted story "${before.title}"`,
    }),
  );
}
