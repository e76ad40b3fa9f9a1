import { resolveCursorConnection } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.js';
import { MUTATION_ERRORS } from '../../graphql/errors.js';
import { DeleteStoryPayload, StatusEnum, StoryPayload, StoryRef } from '../../stories/graphql.js';
import type { StoryView } from '../../stories/view.js';
import { AdminRef } from '../graphql.js';
import { decodeUpdatedCursor, encodeUpdatedCursor } from '../cursors.js';
import {
  ADMIN_PAGE_DEFAULT,
  ADMIN_PAGE_MAX,
  adminDeleteStory,
  adminSetStoryStatus,
  countStoriesForAdmin,
  listStoriesForAdmin,
  storyStats,
  type AdminStoryView,
  type StoryStats,
} from './service.js';
import { displayName } from '../../accounts/accountFields.js';

/** What only administrators read of a story: its author's whole name and address. */
builder.objectFields(StoryRef, (t) => ({
  authorFullName: t.string({
    nullable: true,
    description: "The author's first and last name (administrators only; read with `admin.stories`, null elsewhere).",
    authScopes: { admin: true },
    resolve: (s) => {
      const a = (s as AdminStoryView).author;
      return a ? displayName(a, null) : null;
    },
  }),
  authorEmail: t.string({
    nullable: true,
    description: "The author's e-mail address (administrators only; read with `admin.stories`, null elsewhere).",
    authScopes: { admin: true },
    resolve: (s) => (s as AdminStoryView).author?.email ?? null,
  }),
}));

const AdminStoryEdge = builder.edgeObject({ type: StoryRef, name: 'AdminStoryEdge', description: 'A story of the console list, with its cursor.' });
const AdminStoryConnection = builder.connectionObject(
  {
    type: StoryRef,
    name: 'AdminStoryConnection',
    description: 'A page of every story, last changed first.',
    fields: (t) => ({
      totalCount: t.int({
        description: 'How many stories match the search and filter in all.',
        resolve: (c) => (c as unknown as { totalCount: Promise<number> }).totalCount,
      }),
    }),
  },
  AdminStoryEdge,
);

const StoryStatsRef = builder.objectRef<StoryStats>('AdminStoryStats').implement({
  description: 'The stories stat cards, over every story.',
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'Every story.' }),
    published: t.exposeInt('published', { description: 'Published stories.' }),
    drafts: t.exposeInt('drafts', { description: 'Drafts.' }),
    hidden: t.exposeInt('hidden', { description: 'Hidden stories.' }),
    totalViews: t.exposeInt('totalViews', { description: 'Views of every story added up.' }),
  }),
});

builder.objectFields(AdminRef, (t) => ({
  stories: t.field({
    type: AdminStoryConnection,
    description: 'Every story with its author, last changed first; searched by title or city and filtered by status on the server.',
    authScopes: { admin: true },
    args: {
      first: t.arg.int({ description: `At most this many (${ADMIN_PAGE_DEFAULT} when absent, at most ${ADMIN_PAGE_MAX}).` }),
      after: t.arg.string({ description: 'Page forward from this cursor (`pageInfo.endCursor`).' }),
      search: t.arg.string({ description: 'Part of the title or the city, any case.' }),
      status: t.arg({ type: StatusEnum, description: 'Only stories in this status; all when absent.' }),
    },
    resolve: async (_r, args, ctx) => {
      const filter = { search: args.search, status: args.status };
      const totalCount = countStoriesForAdmin(ctx, filter);
      const page = await resolveCursorConnection<Promise<StoryView[]>>(
        { args, defaultSize: ADMIN_PAGE_DEFAULT, maxSize: ADMIN_PAGE_MAX, toCursor: (s: StoryView) => encodeUpdatedCursor(s.updatedAt, s.id) },
        ({ after, limit }) => listStoriesForAdmin(ctx, { ...filter, limit, after: after ? decodeUpdatedCursor(after) : null }),
      );
      return Object.assign(page, { totalCount });
    },
  }),
  storyStats: t.field({
    type: StoryStatsRef,
    description: 'The stories stat cards: total, published, drafts, hidden and total views.',
    authScopes: { admin: true },
    resolve: (_r, _a, ctx) => storyStats(ctx),
  }),
}));

const AdminStoryStatusEnum = builder.enumType('AdminStoryStatusMove', {
  description: 'Where an administrator may move a story.',
  values: {
    PUBLISHED: { description: 'Publish: from draft or hidden.' },
    HIDDEN: { description: 'Hide: from draft or published.' },
  } as const,
});

const AdminSetStoryStatusInput = builder.inputType('AdminSetStoryStatusInput', {
  description: 'A story and where it goes.',
  fields: (t) => ({
    id: t.globalID({ required: true, for: StoryRef, description: 'The story.' }),
    status: t.field({ type: AdminStoryStatusEnum, required: true, description: 'Published or hidden.' }),
  }),
});

builder.mutationField('adminSetStoryStatus', (t) =>
  t.field({
    type: StoryPayload,
    description: 'Publish (any story not published) or Hide (any story not hidden) from the console; audited.',
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'AdminSetStoryStatusResult', description: 'The story, or why not.' } },
    args: { input: t.arg({ type: AdminSetStoryStatusInput, required: true, description: 'The story and its status.' }) },
    resolve: async (_r, { input }, ctx) => ({ story: await adminSetStoryStatus(ctx, input.id.id, input.status) }),
  }),
);

const AdminDeleteStoryInput = builder.inputType('AdminDeleteStoryInput', {
  description: 'The story to delete.',
  fields: (t) => ({ id: t.globalID({ required: true, for: StoryRef, description: 'The story.' }) }),
});

builder.mutationField('adminDeleteStory', (t) =>
  t.field({
    type: DeleteStoryPayload,
    description: 'Deletes any story and its sections for good (ask first); audited.',
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'AdminDeleteStoryResult', description: 'The deleted id, or why not.' } },
    args: { input: t.arg({ type: AdminDeleteStoryInput, required: true, description: 'The story to delete.' }) },
    resolve: (_r, { input }, ctx) => adminDeleteStory(ctx, input.id.id),
  }),
);
