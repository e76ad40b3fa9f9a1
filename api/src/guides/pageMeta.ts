import type { AppDeps } from '../platform/context.js';
import type { PageHead } from '../platform/formats/html.js';
import { GENERIC_GUIDE_TITLE, isProductImagePath } from './messages.js';

/** Where a guide's hero and preview image is served from (web/public/guide-images). */
export const guideImagePath = (slug: string) => `/guide-images/${slug}.jpg`;

/**
 * The editor's own hero picture, when the page names one the product serves (an address on
 * another site, stored before such addresses were refused, is passed over, never hot-linked).
 */
const heroOf = (content: unknown) => {
  const hero = (content as { heroImage?: unknown } | null)?.heroImage;
  return typeof hero === 'string' && isProductImagePath(hero) ? hero : null;
};

/** A guide's picture for cards and previews: the editor's hero image, or the product's own for the city. */
export const guideImageOf = (guide: { slug: string; content: unknown }) => heroOf(guide.content) ?? guideImagePath(guide.slug);

/** The preview of /guides/{slug}: the published guide's own words, or the generic page's. */
export async function guidePageHead(deps: AppDeps, slug: string): Promise<PageHead> {
  const key = slug.toLowerCase();
  const path = `/guides/${encodeURIComponent(key)}`;
  const guide = await deps.db.prisma.guide.findFirst({
    where: { slug: key, status: 'PUBLISHED' },
    select: { slug: true, title: true, description: true, city: true, content: true },
  });
  if (!guide)
    return {
      title: GENERIC_GUIDE_TITLE,
      description: 'Where to stay, top activities and when to go: plan your trip with Tripcrew.',
      path,
      image: null,
      type: 'website',
    };
  return {
    title: guide.title,
    description: guide.description ?? `Plan ${guide.city} with your crew: where to stay, what to do and when to go.`,
    path,
    image: guideImageOf(guide),
    type: 'article',
  };
}
