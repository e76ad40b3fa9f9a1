import type { AppDeps } from '../platform/context.js';
import type { PageHead } from '../server/pageHead.js';
import { isUuid } from '../platform/ids.js';
import { FALLBACK_PREVIEW_PATH } from './images.js';

/** The head of a published story's page (by slug, else id); null for anything not published. */
export async function storyPageHead(deps: AppDeps, slugOrId: string): Promise<PageHead | null> {
  const where = isUuid(slugOrId) ? { OR: [{ slug: slugOrId }, { id: slugOrId }] } : { slug: slugOrId };
  const rows = await deps.db.prisma.story.findMany({
    where: { ...where, status: 'PUBLISHED' },
    select: { slug: true, title: true, city: true, intro: true, coverUrl: true },
    take: 2,
  });
  const story = rows.find((r) => r.slug === slugOrId) ?? rows[0];
  if (!story) return null;
  return {
    title: story.title,
    description: story.intro?.trim() || `A travel story about ${story.city}, on Tripcrew.`,
    image: story.coverUrl ?? FALLBACK_PREVIEW_PATH,
    path: `/blog/stories/${encodeURIComponent(story.slug)}`,
    type: 'article',
  };
}
