import { builder } from '../graphql/builder.js';
import { NotFoundError } from '../platform/errors.js';
import { guideImageOf } from './pageMeta.js';
import { getGuide, listPublishedGuides, type GuideView } from './service.js';

/**
 * City guides over GraphQL: the same reads as the REST rows (drafts and hidden guides exist
 * only for administrators). The page's structured content stays with the REST read the public
 * page uses; administrators' edits go through the service functions.
 */
const GuideStatusEnum = builder.enumType('CityGuideStatus', {
  description: 'Where a guide stands: only published guides are shown to readers.',
  values: {
    DRAFT: { description: 'Being written; visible to administrators only.' },
    PUBLISHED: { description: 'Public at /guides/{slug}.' },
    HIDDEN: { description: 'Taken down; visible to administrators only.' },
  } as const,
});

const CityGuide = builder.objectRef<GuideView>('CityGuide').implement({
  description: 'A curated city guide (its page is /guides/{slug}).',
  fields: (t) => ({
    slug: t.exposeString('slug', { description: 'The city part of the address, e.g. "new-york".' }),
    title: t.exposeString('title', { description: 'The guide’s title, e.g. "London Travel Guide".' }),
    city: t.exposeString('city', { description: 'The city’s name.' }),
    country: t.exposeString('country', { description: 'The country’s name.' }),
    featured: t.exposeBoolean('featured', { description: 'Shown first in guide lists.' }),
    description: t.exposeString('description', { nullable: true, description: 'A sentence for lists and link previews.' }),
    imageUrl: t.string({
      description: 'The picture for cards and link previews: the hero image its editors chose, or the product’s own for the city.',
      resolve: (g) => guideImageOf(g),
    }),
    status: t.field({ type: GuideStatusEnum, description: 'Publication state.', resolve: (g) => g.status }),
    viewCount: t.exposeInt('viewCount', {
      // Nullable, so that a public list asking for it keeps its guides (the field alone is refused).
      description: 'Page reads so far, for administrators: null with a FORBIDDEN error for anyone else.',
      nullable: true,
      authScopes: { admin: true },
    }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When the guide last changed.' }),
  }),
});

builder.queryField('cityGuides', (t) =>
  t.field({
    type: [CityGuide],
    description: 'The published city guides, featured first (at most 100). Public.',
    resolve: (_r, _a, ctx) => listPublishedGuides(ctx),
  }),
);

builder.queryField('cityGuide', (t) =>
  t.field({
    type: CityGuide,
    nullable: true,
    description: 'One guide by its slug, or null when there is none a reader may see. Public; does not count a view.',
    args: { slug: t.arg.string({ required: true, description: 'The guide’s slug, e.g. "barcelona".' }) },
    resolve: async (_r, { slug }, ctx) => {
      try {
        return await getGuide(ctx, slug);
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
  }),
);
