import type { ScalarRef } from '@pothos/core';
import { GraphQLError } from 'graphql';
import { decodeGlobalID, encodeGlobalID, resolveCursorConnection } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.js';
import { MUTATION_ERRORS } from '../../graphql/errors.js';
import type { GuideView } from '../../guides/service.js';
import { GuideMessages } from '../../guides/messages.js';
import { NotFoundError } from '../../platform/errors.js';
import { AdminRef } from '../graphql.js';
import {
  adminCreateGuide,
  adminDeleteGuide,
  adminSetGuideFeatured,
  adminSetGuideStatus,
  adminUpdateGuide,
  countGuides,
  getGuide,
  guideStats,
  listGuides,
  type GuideStats,
} from './service.js';

const GuideStatusEnum = builder.enumType('AdminGuideStatus', {
  description: 'Where a guide stands: only published guides are shown to readers.',
  values: {
    DRAFT: { description: 'Being written; visible to administrators only.' },
    PUBLISHED: { description: 'Public at /guides/{slug}.' },
    HIDDEN: { description: 'Taken down; visible to administrators only.' },
  } as const,
});

/** A guide's id on the graph ("AdminGuide:<uuid>", opaque), so the client's store keeps one record per guide. */
const guideIdOf = (globalId: string) => {
  try {
    const { typename, id } = decodeGlobalID(globalId);
    if (typename === 'AdminGuide') return id;
  } catch {
    /* not a global id */
  }
  throw new NotFoundError(GuideMessages.notFound);
};

/**
 * A guide's page as one value: the structured sections of `api/src/guides/content.ts`. Written
 * through the edit and create mutations, where the service checks it whole against that schema
 * (each field at fault named by its path, e.g. "content.quickFacts.bestTime"); here it is only
 * required to be an object, so a wrong field is a field error rather than a GraphQL failure.
 */
// Declared here rather than in the builder's scalar list: only the guide doors use it.
const GuideContentScalar = builder.scalarType(
  'GuideContent' as never,
  {
    description: 'A city guide’s page (tags, quick facts, neighbourhoods, hotels, activities, seasons, plans, tips, budget), as JSON.',
    serialize: (value: unknown) => value,
    parseValue: (value: unknown) => {
      // A GraphQLError, so a wrong value is the client's 400 rather than an unexpected error's 500.
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new GraphQLError('GuideContent must be an object.');
      return value;
    },
  } as never,
) as unknown as ScalarRef<typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never, object, object>;

export const AdminGuideRef = builder.objectRef<GuideView>('AdminGuide').implement({
  description: 'A city guide as the console manages it (administrators only).',
  fields: (t) => ({
    id: t.id({ description: 'Opaque id of the guide.', resolve: (g) => encodeGlobalID('AdminGuide', g.id) }),
    slug: t.exposeString('slug', { description: 'The city part of its address: /guides/{slug}.' }),
    title: t.exposeString('title', { description: 'Its title.' }),
    city: t.exposeString('city', { description: 'The city’s name.' }),
    country: t.exposeString('country', { description: 'The country’s name.' }),
    status: t.field({ type: GuideStatusEnum, description: 'Publication state.', resolve: (g) => g.status }),
    featured: t.exposeBoolean('featured', { description: 'Shown first in guide lists.' }),
    description: t.exposeString('description', { nullable: true, description: 'A sentence for lists; null when none.' }),
    author: t.exposeString('author', { nullable: true, description: 'The editor’s name; null when none.' }),
    viewCount: t.exposeInt('viewCount', { description: 'Page reads so far.' }),
    content: t.field({
      type: GuideContentScalar,
      nullable: true,
      description: 'Its page, as the editor fills it in; null until it has a complete page (readers then see the generic City Guide).',
      resolve: (g) => g.content,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
  }),
});

const AdminGuideEdge = builder.edgeObject({ type: AdminGuideRef, name: 'AdminGuideEdge', description: 'A guide of the console list, with its cursor.' });
const AdminGuideConnection = builder.connectionObject(
  {
    type: AdminGuideRef,
    name: 'AdminGuideConnection',
    description: 'A page of every guide, last changed first.',
    fields: (t) => ({
      totalCount: t.int({
        description: 'How many guides match the search and filter in all.',
        resolve: (c) => (c as unknown as { totalCount: Promise<number> }).totalCount,
      }),
    }),
  },
  AdminGuideEdge,
);

const GuideStatsRef = builder.objectRef<GuideStats>('AdminGuideStats').implement({
  description: 'The guides counters, over every guide.',
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'Every guide.' }),
    published: t.exposeInt('published', { description: 'Published guides.' }),
    drafts: t.exposeInt('drafts', { description: 'Drafts.' }),
    hidden: t.exposeInt('hidden', { description: 'Hidden guides.' }),
    featured: t.exposeInt('featured', { description: 'Featured guides.' }),
    totalViews: t.exposeInt('totalViews', { description: 'Page reads of every guide added up.' }),
  }),
});

builder.objectFields(AdminRef, (t) => ({
  guides: t.field({
    type: AdminGuideConnection,
    description: 'Every guide, last changed first; searched by title or city and filtered by status on the server.',
    authScopes: { admin: true },
    args: {
      first: t.arg.int({ description: 'At most this many (50 when absent, at most 100).' }),
      after: t.arg.string({ description: 'Page forward from this cursor (`pageInfo.endCursor`).' }),
      search: t.arg.string({ description: 'Part of the title or the city, any case.' }),
      status: t.arg({ type: GuideStatusEnum, description: 'Only guides in this status; all when absent.' }),
    },
    resolve: async (_r, args, ctx) => {
      const filter = { search: args.search, status: args.status };
      const totalCount = countGuides(ctx, filter);
      const page = await resolveCursorConnection<Promise<GuideView[]>>(
        { args, defaultSize: 50, maxSize: 100, toCursor: (g: GuideView) => g.id },
        async ({ after, limit }) => (await listGuides(ctx, { ...filter, first: limit, after })).guides,
      );
      return Object.assign(page, { totalCount });
    },
  }),
  guide: t.field({
    type: AdminGuideRef,
    nullable: true,
    description: 'One guide by its id, whatever its status, with its page (what the editor opens); null when there is none.',
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true, description: 'The guide (`AdminGuide.id`).' }) },
    resolve: (_r, { id }, ctx) => {
      let guideId: string;
      try {
        guideId = guideIdOf(String(id));
      } catch {
        return null;
      }
      return getGuide(ctx, guideId);
    },
  }),
  guideStats: t.field({
    type: GuideStatsRef,
    description: 'The guides counters: total, published, drafts, hidden, featured and total views.',
    authScopes: { admin: true },
    resolve: (_r, _a, ctx) => guideStats(ctx),
  }),
}));

const AdminGuidePayload = builder.objectRef<{ guide: GuideView }>('AdminGuidePayload').implement({
  description: 'The guide as saved.',
  fields: (t) => ({ guide: t.field({ type: AdminGuideRef, description: 'The guide as saved.', resolve: (p) => p.guide }) }),
});

const mutation = (
  name: string,
  description: string,
  input: Parameters<typeof builder.inputType>[1]['fields'],
  run: (ctx: Parameters<typeof adminDeleteGuide>[0], input: Record<string, unknown>) => Promise<GuideView>,
) => {
  const Input = builder.inputType(`${name[0]!.toUpperCase()}${name.slice(1)}Input`, { description, fields: input });
  builder.mutationField(name, (t) =>
    t.field({
      type: AdminGuidePayload,
      description: `${description} Audited.`,
      authScopes: { admin: true },
      errors: {
        types: MUTATION_ERRORS,
        directResult: true,
        union: { name: `${name[0]!.toUpperCase()}${name.slice(1)}Result`, description: 'The guide, or why not.' },
      },
      args: { input: t.arg({ type: Input, required: true, description: 'What to change.' }) },
      resolve: async (_r, { input }, ctx) => ({ guide: await run(ctx, input as Record<string, unknown>) }),
    }),
  );
};

const idField = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => t.id({ required: true, description: 'The guide (`AdminGuide.id`).' });

mutation(
  'adminSetGuideStatus',
  'Publish (any guide not published) or Hide (any guide not hidden).',
  (t) => ({
    id: idField(t),
    status: t.field({ type: GuideStatusEnum, required: true, description: 'PUBLISHED or HIDDEN (a guide does not go back to draft).' }),
  }),
  (ctx, input) => adminSetGuideStatus(ctx, guideIdOf(String(input.id)), input.status === 'PUBLISHED' ? 'PUBLISHED' : 'HIDDEN'),
);

mutation(
  'adminSetGuideFeatured',
  'Feature or Unfeature a guide (featured guides are listed first).',
  (t) => ({ id: idField(t), featured: t.boolean({ required: true, description: 'Featured or not.' }) }),
  (ctx, input) => adminSetGuideFeatured(ctx, guideIdOf(String(input.id)), input.featured === true),
);

const editFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0], required: boolean) => ({
  slug: t.string({ required, description: 'Its address: lower-case letters, digits and hyphens, at most 80.' }),
  title: t.string({ required, description: 'Required, at most 160 characters.' }),
  city: t.string({ required, description: 'Required, at most 120 characters.' }),
  country: t.string({ required, description: 'Required, at most 120 characters.' }),
  description: t.string({ description: 'At most 500 characters.' }),
  author: t.string({ description: 'The editor’s name, at most 120 characters.' }),
  content: t.field({
    type: GuideContentScalar,
    description: 'Its whole page (every section at once), checked against the guide content schema; unchanged when absent.',
  }),
});

const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));
/** An edit: absent fields stay as they are; null clears the fields that may be empty (description, author). */
const edited = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== undefined && (v !== null || k === 'description' || k === 'author')));

mutation(
  'adminUpdateGuide',
  'Edits a guide: its heading fields and, when given, its whole page (only the fields given change).',
  (t) => ({ id: idField(t), ...editFields(t, false) }),
  (ctx, { id, ...fields }) => adminUpdateGuide(ctx, guideIdOf(String(id)), edited(fields)),
);

mutation(
  'adminCreateGuide',
  'Creates a guide, as a draft, with its page when given (published, it is read at /guides/{slug}).',
  // Every field is checked by the service (each one at fault named), not refused by the schema.
  (t) => editFields(t, false),
  (ctx, input) => adminCreateGuide(ctx, defined(input) as never),
);

const AdminDeleteGuideInput = builder.inputType('AdminDeleteGuideInput', {
  description: 'The guide to delete.',
  fields: (t) => ({ id: idField(t) }),
});

const AdminDeleteGuidePayload = builder.objectRef<{ id: string }>('AdminDeleteGuidePayload').implement({
  description: 'The deleted guide.',
  fields: (t) => ({ deletedGuideId: t.id({ description: 'Id of the deleted guide, for @deleteEdge.', resolve: (p) => encodeGlobalID('AdminGuide', p.id) }) }),
});

builder.mutationField('adminDeleteGuide', (t) =>
  t.field({
    type: AdminDeleteGuidePayload,
    description: 'Deletes a guide for good (ask first). Audited.',
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'AdminDeleteGuideResult', description: 'The deleted id, or why not.' } },
    args: { input: t.arg({ type: AdminDeleteGuideInput, required: true, description: 'The guide to delete.' }) },
    resolve: (_r, { input }, ctx) => adminDeleteGuide(ctx, guideIdOf(String(input.id))),
  }),
);
