import type { AppDeps } from '../platform/context.js';
import type { PageHead } from '../platform/formats/html.js';
import { storyKey } from './messages.js';
import { FALLBACK_PREVIEW_PATH } from './images.js';

/** The head of a published story's page (by id or slug, as storyKey says); null for anything not published. */
export async function storyPageHead(deps: AppDeps, slugOrId: string): Promise<PageHead | null> {
  const where = storyKey(slugOrId);
  if (!where) return null;
  const story = await deps.db.prisma.story.findFirst({
    where: { ...where, status: 'PUBLISHED' },
    select: { slug: true, title: true, city: true, intro: true, coverUrl: true },
  });
  if (!story) return null;
  return {
    title: story.title,
    description: story.intro?.trim() || `A travel story about ${story.city}, on Tripcrew.`,
    image: story.coverUrl ?? FALLBACK_PREVIEW_PATH,
    path: `/blog/stories/${encodeURIComponent(story.slug)}`,
    type: 'article',
  };
}
