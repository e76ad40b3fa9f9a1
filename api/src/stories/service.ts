import { Prisma } from '../generated/prisma/client.js';
import { type RequestContext, type Viewer } from '../platform/context.js';
import { ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import { isoDate } from '../platform/dates.js';
import { readerKeys } from '../platform/reader.js';
import { withLiveEvents, type Tx } from '../platform/outbox.js';
import { STORY_PAGE_MAX, StoryMessages as M, slugify, storyKey } from './messages.js';
import { attachStoryImages } from './images.js';
import { validateStory, type StoryInput, type StoryStatus } from './validation.js';
import { SECTIONS_SELECT, STORY_SELECT, storyViewOf, type StoryView } from './view.js';

/** A position in the most-viewed order: the next page starts after it. */
export interface ViewsCursor {
  viewCount: number;
  id: string;
}

/**
 * Published stories, most viewed first (the id breaking ties, so pages never overlap); anyone
 * may read them, signed in or not.
 */
export async function listPublishedStories(ctx: RequestContext, page: { limit: number; after?: ViewsCursor | null }): Promise<StoryView[]> {
  const limit = Math.min(Math.max(page.limit, 0), STORY_PAGE_MAX);
  const after = page.after;
  const rows = await ctx.deps.db.prisma.story.findMany({
    where: {
      status: 'PUBLISHED',
      ...(after ? { OR: [{ viewCount: { lt: after.viewCount } }, { viewCount: after.viewCount, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ viewCount: 'desc' }, { id: 'desc' }],
    take: limit,
    select: STORY_SELECT,
  });
  return rows.map(storyViewOf);
}

/** Whether the viewer may read a story in the state it is in: published, or their own (or an administrator). */
const mayRead = (viewer: Viewer | null, story: { status: string; authorId: string }) =>
  story.status === 'PUBLISHED' || (viewer !== null && (viewer.id === story.authorId || viewer.isAdmin));

/**
 * One story with its sections, by its id or its slug (never both: see storyKey). A draft or hidden story is the same
 * 404 as no story at all to anyone but its author (who previews it) and administrators.
 */
export async function readStory(ctx: RequestContext, slugOrId: string): Promise<StoryView> {
  // An id-shaped argument by id only, else by slug: a slug can never be an id (slugify).
  const where = storyKey(slugOrId);
  const row = where && (await ctx.deps.db.prisma.story.findFirst({ where, select: { ...STORY_SELECT, ...SECTIONS_SELECT } }));
  if (!row || !mayRead(ctx.viewer, row)) throw new NotFoundError(M.notFound);
  return storyViewOf(row);
}

/** Stories by id, each only if the viewer may read it (Relay's `node`). */
export async function storiesByIds(ctx: RequestContext, ids: string[]): Promise<Map<string, StoryView>> {
  const rows = await ctx.deps.db.prisma.story.findMany({ where: { id: { in: ids.filter(isUuid) } }, select: STORY_SELECT });
  return new Map(rows.filter((r) => mayRead(ctx.viewer, r)).map((r) => [r.id, storyViewOf(r)]));
}

/**
 * Counts a view of a published story, once per reader per (UTC) day (platform/reader.ts: the
 * account, else the address with the reader cookie; never the browser's User-Agent): a reload,
 * a second tab or another browser is not another view, and the author reading their own story
 * is not a reader. Answers the view count as it is now. One statement: the reader's keys are
 * recorded, the view counted when every key was new that day, and earlier days' keys let go.
 */
export async function recordStoryView(ctx: RequestContext, storyId: string): Promise<number> {
  if (!isUuid(storyId)) throw new NotFoundError(M.notFound);
  const day = isoDate(new Date());
  const keys = readerKeys(ctx.deps.authSecret, { viewerId: ctx.viewer?.id ?? null, clientIp: ctx.clientIp, readerId: ctx.readerId ?? null });
  const rows = await ctx.deps.db.prisma.$queryRaw<{ counted: boolean; view_count: number }[]>(Prisma.sql`
    WITH story AS (
      SELECT id, view_count, author_id FROM stories WHERE id = ${storyId}::uuid AND status = 'published'
    ), seen AS (
      INSERT INTO story_views (story_id, reader_key, day)
      SELECT story.id, k.key, ${day}::date FROM story, unnest(${keys}::text[]) AS k(key)
      WHERE story.author_id IS DISTINCT FROM ${ctx.viewer?.id ?? null}::uuid
      ON CONFLICT DO NOTHING RETURNING story_id
    ), pruned AS (
      -- Earlier days' readers are no longer needed: the table holds one day per story.
      DELETE FROM story_views WHERE story_id = ${storyId}::uuid AND day < ${day}::date
    ), counted AS (
      UPDATE stories SET view_count = view_count + 1
      WHERE id = ${storyId}::uuid AND (SELECT count(*) FROM seen) = ${keys.length} RETURNING view_count
    )
    SELECT EXISTS (SELECT 1 FROM counted) AS counted, COALESCE((SELECT view_count FROM counted), (SELECT view_count FROM story)) AS view_count
    FROM story`);
  if (!rows[0]) throw new NotFoundError(M.notFound);
  return Number(rows[0].view_count);
}

/**
 * The story as its author edits it: only the author may load it (a story of someone else's is
 * the same refusal as no story). Signed out: 'Please sign in to edit stories.'
 */
export async function storyForEditing(ctx: RequestContext, id: string): Promise<StoryView> {
  if (!ctx.viewer) throw new UnauthenticatedError(M.signInToEdit);
  if (!isUuid(id)) throw new NotFoundError(M.notFoundOrNotYours);
  const row = await ctx.deps.db.prisma.story.findFirst({ where: { id, authorId: ctx.viewer.id }, select: { ...STORY_SELECT, ...SECTIONS_SELECT } });
  if (!row) throw new NotFoundError(M.notFoundOrNotYours);
  return storyViewOf(row);
}

/** The author's own story for a change, locked for the transaction; anyone else's is not found. */
async function ownStory(tx: Tx, viewer: Viewer, id: string) {
  if (!isUuid(id)) throw new NotFoundError(M.notFoundOrNotYours);
  const rows = await tx.$queryRaw<{ id: string; author_id: string; slug: string; status: string; published_at: Date | null }[]>(
    Prisma.sql`SELECT id, author_id, slug, status::text AS status, published_at FROM stories WHERE id = ${id}::uuid FOR UPDATE`,
  );
  const row = rows[0];
  if (!row || row.author_id !== viewer.id) throw new NotFoundError(M.notFoundOrNotYours);
  return row;
}

/**
 * A slug for the title not taken by another story: the title's own, else with the first free
 * number after it ("lisbon-in-spring-2"). A story keeps its slug while its title gives the same.
 */
async function freeSlug(tx: Tx, title: string, current: string | null): Promise<string> {
  const base = slugify(title);
  const pattern = new RegExp(`^${base}(?:-(\\d+))?$`);
  if (current && pattern.test(current)) return current;
  const taken = await tx.story.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } });
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

const sectionRows = (storyId: string, sections: ReturnType<typeof validateStory>['sections']) =>
  sections.map((s, orderIndex) => ({ storyId, sectionType: s.sectionType, orderIndex, content: s.content as Prisma.InputJsonObject }));

/**
 * Creates (no id) or updates the viewer's story, its sections replaced by those given, in one
 * transaction: the story and its sections are saved together or not at all.
 */
export async function saveStory(ctx: RequestContext, id: string | null, input: StoryInput): Promise<StoryView> {
  if (!ctx.viewer) throw new UnauthenticatedError(id ? M.signInToEdit : M.signInToCreate);
  const viewer = ctx.viewer;
  const data = validateStory(input);
  const save = () =>
    withLiveEvents(ctx.deps, async (tx) => {
      const existing = id ? await ownStory(tx, viewer, id) : null;
      const slug = await freeSlug(tx, data.title, existing?.slug ?? null);
      const fields = {
        title: data.title,
        city: data.city,
        intro: data.intro,
        tags: data.tags,
        status: data.status,
        coverUrl: data.coverUrl,
        slug,
        publishedAt: data.status === 'PUBLISHED' ? (existing?.published_at ?? new Date()) : (existing?.published_at ?? null),
      };
      const storyId = existing
        ? (await tx.story.update({ where: { id: existing.id }, data: fields, select: { id: true } })).id
        : (await tx.story.create({ data: { ...fields, authorId: viewer.id }, select: { id: true } })).id;
      if (existing) await tx.storySection.deleteMany({ where: { storyId } });
      if (data.sections.length) await tx.storySection.createMany({ data: sectionRows(storyId, data.sections) });
      await attachStoryImages(tx, storyId, viewer.id, { cover: fields.coverUrl, sections: data.sections });
      return storyViewOf(await tx.story.findUniqueOrThrow({ where: { id: storyId }, select: { ...STORY_SELECT, ...SECTIONS_SELECT } }));
    });
  try {
    return await save();
  } catch (err) {
    // Two stories saved with one title at the same moment: the second takes the next number.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') return save();
    throw err;
  }
}

/**
 * The moves of a story's status. Its author: draft to published, published to hidden, hidden
 * to published. An administrator: published from any other status, hidden from any other.
 */
export async function setStoryStatus(
  ctx: RequestContext,
  id: string,
  status: StoryStatus,
  alongside?: (tx: Tx, before: { status: StoryStatus }, after: StoryView) => Promise<void>,
): Promise<StoryView> {
  if (!ctx.viewer) throw new UnauthenticatedError(M.signInToView);
  const viewer = ctx.viewer;
  return withLiveEvents(ctx.deps, async (tx) => {
    if (!isUuid(id)) throw new NotFoundError(M.notFoundOrNotYours);
    const row = await tx.story.findUnique({ where: { id }, select: { authorId: true, status: true, publishedAt: true } });
    const isAuthor = row?.authorId === viewer.id;
    if (!row || (!isAuthor && !viewer.isAdmin)) throw new NotFoundError(M.notFoundOrNotYours);
    const authorMoves: Record<string, StoryStatus> = { DRAFT: 'PUBLISHED', PUBLISHED: 'HIDDEN', HIDDEN: 'PUBLISHED' };
    const allowed = viewer.isAdmin ? row.status !== status && status !== 'DRAFT' : authorMoves[row.status] === status;
    if (!allowed) throw new ValidationError(M.invalidStatusMove, 'status');
    const updated = await tx.story.update({
      where: { id },
      data: { status, publishedAt: status === 'PUBLISHED' ? (row.publishedAt ?? new Date()) : row.publishedAt },
      select: STORY_SELECT,
    });
    const view = storyViewOf(updated);
    // The console's audit entry is written in this same transaction.
    if (alongside) await alongside(tx, { status: row.status }, view);
    return view;
  });
}

/**
 * Deletes a story and its sections; its author or an administrator may. `alongside` runs in the
 * same transaction with what was deleted (the console's audit entry).
 */
export async function deleteStory(
  ctx: RequestContext,
  id: string,
  alongside?: (tx: Tx, before: { title: string; status: StoryStatus; authorId: string; slug: string }) => Promise<void>,
): Promise<{ id: string }> {
  if (!ctx.viewer) throw new UnauthenticatedError(M.signInToView);
  const viewer = ctx.viewer;
  if (!isUuid(id)) throw new NotFoundError(M.notFoundOrNotYours);
  const where = viewer.isAdmin ? { id } : { id, authorId: viewer.id };
  if (!alongside) {
    const { count } = await ctx.deps.db.prisma.story.deleteMany({ where });
    if (!count) throw new NotFoundError(M.notFoundOrNotYours);
    return { id };
  }
  return withLiveEvents(ctx.deps, async (tx) => {
    const gone = await tx.story.findFirst({ where, select: { title: true, status: true, authorId: true, slug: true } });
    if (!gone) throw new NotFoundError(M.notFoundOrNotYours);
    await tx.story.delete({ where: { id }, select: { id: true } });
    await alongside(tx, gone);
    return { id };
  });
}

/** A user's own stories, last changed first, optionally of one status: that user's, or an administrator's reading. */
export async function listMyStories(
  ctx: RequestContext,
  userId: string,
  page: { status?: StoryStatus | null; limit: number; after?: { updatedAt: Date; id: string } | null },
): Promise<StoryView[]> {
  if (!ctx.viewer) throw new UnauthenticatedError(M.signInToView);
  if (ctx.viewer.id !== userId && !ctx.viewer.isAdmin) throw new ForbiddenError(M.othersStories);
  if (!isUuid(userId)) return [];
  const after = page.after;
  const rows = await ctx.deps.db.prisma.story.findMany({
    where: {
      authorId: userId,
      ...(page.status ? { status: page.status } : {}),
      ...(after ? { OR: [{ updatedAt: { lt: after.updatedAt } }, { updatedAt: after.updatedAt, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: Math.min(Math.max(page.limit, 0), STORY_PAGE_MAX),
    select: STORY_SELECT,
  });
  return rows.map(storyViewOf);
}
