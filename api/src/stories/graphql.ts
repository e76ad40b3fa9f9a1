import { encodeGlobalID, resolveCursorConnection } from '@pothos/plugin-relay';
import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { StorySectionType, StoryStatus } from '../generated/prisma/enums.js';
import { z } from 'zod';
import { batchLoader } from '../platform/batch.js';
import { cursorCodec, cursorParts } from '../platform/cursor.js';
import { NotFoundError } from '../platform/errors.js';
import { STORY_LIMITS as L, STORY_PAGE_MAX } from './messages.js';
import {
  deleteStory,
  listMyStories,
  listPublishedStories,
  readStory,
  recordStoryView,
  saveStory,
  setStoryStatus,
  storiesByIds,
  storyForEditing,
} from './service.js';
import type { StorySectionView, StoryView } from './view.js';

export const StatusEnum = builder.enumType(StoryStatus, {
  name: 'StoryStatus',
  description: 'Where a story stands: only published stories are read by others.',
  values: {
    DRAFT: { description: 'Being written: seen by its author only.' },
    PUBLISHED: { description: 'Public: on the blog, readable signed out.' },
    HIDDEN: { description: 'Taken down by its author or an administrator: seen by its author only.' },
  },
});

const SectionTypeEnum = builder.enumType(StorySectionType, {
  name: 'StorySectionType',
  description: 'What a section of a story holds.',
  values: {
    TEXT: { description: 'A heading and a rich-text body.' },
    PLACES: { description: "Places with a note and a picture each ('Where I Stayed', 'Top Attractions')." },
    FAVORITES: { description: "Titled lists of names with an optional note ('Favorite Cafes')." },
    BEST_TIME: { description: 'The best months to go, with a note.' },
  },
});

const storyLoader = batchLoader<string, StoryView | null>(async (ctx, ids) => storiesByIds(ctx, ids), null);

type Item = { name: string; note: string | null; imageUrl?: string | null };
type List = { title: string | null; items: Item[] };

const StoryItemRef = builder.objectRef<Item>('StoryItem').implement({
  description: 'A place or a favourite named in a section.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Its name.' }),
    note: t.exposeString('note', { nullable: true, description: "The author's note; null when none." }),
    imageUrl: t.string({
      nullable: true,
      description: 'Its picture, served by Tripcrew (a path on this server); null when none. Places only.',
      resolve: (i) => i.imageUrl ?? null,
    }),
  }),
});

const StoryListRef = builder.objectRef<List>('StoryFavoriteList').implement({
  description: 'One titled list of a favorites section.',
  fields: (t) => ({
    title: t.exposeString('title', { nullable: true, description: "The list's title; null when none." }),
    items: t.field({ type: [StoryItemRef], description: 'Its entries, in order.', resolve: (l) => l.items ?? [] }),
  }),
});

const text = (s: StorySectionView, key: string) => {
  const v = s.content[key];
  return typeof v === 'string' ? v : null;
};

const StorySectionRef = builder.objectRef<StorySectionView>('StorySection').implement({
  description: 'One section of a story, in the order the author set.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The section's id (sections are replaced as a whole when a story is saved)." }),
    type: t.field({ type: SectionTypeEnum, description: 'What it holds.', resolve: (s) => s.sectionType }),
    orderIndex: t.exposeInt('orderIndex', { description: 'Its place in the story, from 0.' }),
    heading: t.string({ nullable: true, description: 'TEXT: its heading; null otherwise or when none.', resolve: (s) => text(s, 'heading') }),
    body: t.string({
      nullable: true,
      description: 'TEXT: its body as HTML, sanitised when saved (paragraphs, emphasis, lists, quotes, links only): safe to render as it is. Null otherwise.',
      resolve: (s) => (s.sectionType === 'TEXT' ? (text(s, 'body') ?? '') : null),
    }),
    title: t.string({ nullable: true, description: 'PLACES, FAVORITES or BEST_TIME: the section title; null when none.', resolve: (s) => text(s, 'title') }),
    months: t.stringList({
      description: 'BEST_TIME: the months named, in calendar order (January to December); empty otherwise.',
      resolve: (s) => (s.sectionType === 'BEST_TIME' && Array.isArray(s.content.months) ? (s.content.months as string[]) : []),
    }),
    note: t.string({
      nullable: true,
      description: 'BEST_TIME: its note; null otherwise or when none.',
      resolve: (s) => (s.sectionType === 'BEST_TIME' ? text(s, 'note') : null),
    }),
    items: t.field({
      type: [StoryItemRef],
      description: 'PLACES: its places, in order; empty otherwise.',
      resolve: (s) => (s.sectionType === 'PLACES' ? ((s.content.items as Item[] | undefined) ?? []) : []),
    }),
    lists: t.field({
      type: [StoryListRef],
      description: 'FAVORITES: its lists, in order; empty otherwise.',
      resolve: (s) => (s.sectionType === 'FAVORITES' ? ((s.content.lists as List[] | undefined) ?? []) : []),
    }),
  }),
});

/** Readable by anyone once published; drafts and hidden stories by their author (and administrators) only. */
export const StoryRef = builder.node(builder.objectRef<StoryView>('Story'), {
  id: { resolve: (s) => s.id },
  loadMany: (ids, ctx) => Promise.all(ids.map((id) => storyLoader(ctx, id))),
  description: 'A travel story. Published ones are public (no sign-in needed); others are seen by their author only.',
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Its title.' }),
    city: t.exposeString('city', { description: 'The city it is about.' }),
    intro: t.exposeString('intro', { nullable: true, description: 'Its opening paragraph (plain text); null when none.' }),
    tags: t.exposeStringList('tags', { description: 'Its tags, in the order written (cards show the first 3).' }),
    status: t.field({ type: StatusEnum, description: 'Draft, published or hidden.', resolve: (s) => s.status }),
    slug: t.exposeString('slug', { description: 'Its address: /blog/stories/{slug}. Made from the title, unique.' }),
    coverUrl: t.exposeString('coverUrl', { nullable: true, description: 'Its cover picture, served by Tripcrew; null when none (show the fallback).' }),
    viewCount: t.exposeInt('viewCount', { description: 'Readers so far, each counted once a day; the author is not counted.' }),
    authorName: t.exposeString('authorName', { description: 'Its author as a public page shows them: first name and last initial.' }),
    isMine: t.boolean({ description: "The viewer wrote it: show 'Edit Story'.", resolve: (s, _a, ctx) => ctx.viewer?.id === s.authorId }),
    publishedAt: t.field({ type: 'DateTime', nullable: true, description: 'When it was first published; null before.', resolve: (s) => s.publishedAt }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was first saved.', resolve: (s) => s.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it last changed.', resolve: (s) => s.updatedAt }),
    sections: t.field({
      type: [StorySectionRef],
      description: 'Its sections in order. Read with `story` or `storyForEditing`; lists answer them empty.',
      resolve: (s) => s.sections ?? [],
    }),
  }),
});

const StoryEdge = builder.edgeObject({ type: StoryRef, name: 'StoryEdge', description: 'A story in a list, with its cursor.' });
const StoryConnection = builder.connectionObject({ type: StoryRef, name: 'StoryConnection', description: 'A page of stories.' }, StoryEdge);

/** Cursors of the two story lists (most viewed; last changed); one that is not theirs reads as the first page. */
const byViews = cursorCodec('story-views', z.tuple([z.number().int().nonnegative(), cursorParts.id]));
const byUpdate = cursorCodec('story-updated', z.tuple([cursorParts.timestamp, cursorParts.id]));
const viewsCursor = (c: string) => {
  const p = byViews.decode(c);
  return p && { viewCount: p[0], id: p[1] };
};
const updatedCursor = (c: string) => {
  const p = byUpdate.decode(c);
  return p && { updatedAt: new Date(p[0]), id: p[1] };
};

builder.queryFields((t) => ({
  publishedStories: t.field({
    type: StoryConnection,
    description: 'Published stories, most viewed first (the blog shows 24, the stories landing 6, explore 3). Public.',
    args: {
      first: t.arg.int({ description: `At most this many stories (24 when absent, at most ${STORY_PAGE_MAX}).` }),
      after: t.arg.string({ description: 'Page forward from this cursor (`pageInfo.endCursor`).' }),
    },
    resolve: (_r, args, ctx) =>
      resolveCursorConnection<Promise<StoryView[]>>(
        { args, defaultSize: 24, maxSize: STORY_PAGE_MAX, toCursor: (s: StoryView) => byViews.encode([s.viewCount, s.id]) },
        ({ after, limit }) => listPublishedStories(ctx, { limit, after: after ? viewsCursor(after) : null }),
      ),
  }),
  story: t.field({
    type: StoryRef,
    nullable: true,
    description:
      "One story by slug or else by id, with its sections. Null when there is none, or when it is not published and not the viewer's. Reading does not count a view: call `recordStoryView`.",
    args: { slugOrId: t.arg.string({ required: true, description: 'Its slug (as in /blog/stories/{slug}) or its id.' }) },
    resolve: (_r, { slugOrId }, ctx) => readStory(ctx, slugOrId).catch((err: unknown) => (err instanceof NotFoundError ? null : Promise.reject(err))),
  }),
  storyForEditing: t.field({
    type: StoryRef,
    description: "The viewer's own story with its sections, to edit. Anyone else's, or none: 'Story not found or you do not have permission to edit it.'",
    authScopes: { signedIn: true },
    args: { id: t.arg.globalID({ required: true, for: StoryRef, description: 'The story.' }) },
    resolve: (_r, { id }, ctx) => storyForEditing(ctx, id.id),
  }),
  myStories: t.field({
    type: StoryConnection,
    description: "The viewer's own stories, last changed first, optionally of one status.",
    authScopes: { signedIn: true },
    args: {
      first: t.arg.int({ description: `At most this many stories (${STORY_PAGE_MAX} when absent, at most ${STORY_PAGE_MAX}).` }),
      after: t.arg.string({ description: 'Page forward from this cursor (`pageInfo.endCursor`).' }),
      status: t.arg({ type: StatusEnum, description: 'Only stories in this status; all when absent.' }),
    },
    resolve: (_r, args, ctx) =>
      resolveCursorConnection<Promise<StoryView[]>>(
        { args, defaultSize: STORY_PAGE_MAX, maxSize: STORY_PAGE_MAX, toCursor: (s: StoryView) => byUpdate.encode([s.updatedAt.toISOString(), s.id]) },
        ({ after, limit }) => listMyStories(ctx, ctx.viewer!.id, { status: args.status, limit, after: after ? updatedCursor(after) : null }),
      ),
  }),
}));

const StoryItemInput = builder.inputType('StoryItemInput', {
  description: 'A place or favourite. An entry with neither name nor note is an empty row: dropped.',
  fields: (t) => ({
    name: t.string({ description: `Its name, at most ${L.name} characters.` }),
    note: t.string({ description: `A note, at most ${L.note} characters.` }),
    imageUrl: t.string({ description: 'Places: a picture uploaded with POST /api/backend/upload-story-image (its `url`).' }),
  }),
});

const StoryListInput = builder.inputType('StoryFavoriteListInput', {
  description: 'One titled list of a favorites section.',
  fields: (t) => ({
    title: t.string({ description: `Its title, at most ${L.heading} characters.` }),
    items: t.field({ type: [StoryItemInput], description: 'Its entries, in order.' }),
  }),
});

const StorySectionInput = builder.inputType('StorySectionInput', {
  description: 'A section as the editor sends it; the fields of other types are ignored.',
  fields: (t) => ({
    type: t.field({ type: SectionTypeEnum, required: true, description: 'What it holds.' }),
    heading: t.string({ description: `TEXT: its heading, at most ${L.heading} characters.` }),
    body: t.string({ description: 'TEXT: its body as HTML from the rich-text editor; sanitised on save.' }),
    title: t.string({ description: `PLACES, FAVORITES or BEST_TIME: the section title, at most ${L.heading} characters.` }),
    items: t.field({ type: [StoryItemInput], description: 'PLACES: its places, in order.' }),
    lists: t.field({ type: [StoryListInput], description: 'FAVORITES: its lists, in order.' }),
    months: t.stringList({ description: 'BEST_TIME: month names, January to December (stored once each, in calendar order).' }),
    note: t.string({ description: `BEST_TIME: a note, at most ${L.note} characters.` }),
  }),
});

const SaveStoryInput = builder.inputType('SaveStoryInput', {
  description: "A story as the editor saves it. Without `id` a new story; with it, the viewer's story, whose sections are replaced by these.",
  fields: (t) => ({
    id: t.globalID({ for: StoryRef, description: 'The story to update; absent for a new one.' }),
    title: t.string({ required: true, description: `Required, at most ${L.title} characters.` }),
    city: t.string({ required: true, description: `Required, at most ${L.city} characters.` }),
    intro: t.string({ description: `At most ${L.intro} characters.` }),
    tags: t.stringList({ description: `Tags; trimmed, empty ones dropped, each at most ${L.tag} characters.` }),
    status: t.field({ type: StatusEnum, description: "DRAFT for 'Save Draft' and autosave (the default), PUBLISHED for 'Publish'." }),
    coverUrl: t.string({ description: 'Its cover, uploaded with POST /api/backend/upload-story-image (its `url`); absent for none.' }),
    sections: t.field({ type: [StorySectionInput], description: 'Every section, in order.' }),
  }),
});

type SectionArg = {
  type: StorySectionType;
  heading?: string | null;
  body?: string | null;
  title?: string | null;
  items?: unknown;
  lists?: unknown;
  months?: unknown;
  note?: string | null;
};
const CONTENT_OF: Record<StorySectionType, (s: SectionArg) => Record<string, unknown>> = {
  TEXT: (s) => ({ heading: s.heading, body: s.body }),
  PLACES: (s) => ({ title: s.title, items: s.items }),
  FAVORITES: (s) => ({ title: s.title, lists: s.lists }),
  BEST_TIME: (s) => ({ title: s.title, months: s.months, note: s.note }),
};
const sectionContent = (s: SectionArg) => ({ sectionType: s.type, content: CONTENT_OF[s.type](s) });

export const StoryPayload = builder.objectRef<{ story: StoryView }>('StoryPayload').implement({
  description: 'The story as saved.',
  fields: (t) => ({ story: t.field({ type: StoryRef, description: 'The story as saved.', resolve: (p) => p.story }) }),
});

builder.mutationField('saveStory', (t) =>
  t.field({
    type: StoryPayload,
    description:
      "Creates or updates the viewer's story and replaces its sections, in one transaction. Title and city required; 'Please remove inappropriate language before saving.' for the banned words.",
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'SaveStoryResult', description: 'The saved story, or why it was not saved.' } },
    args: { input: t.arg({ type: SaveStoryInput, required: true, description: 'The story.' }) },
    resolve: async (_r, { input }, ctx) => {
      const { id, sections, ...fields } = input;
      return { story: await saveStory(ctx, id?.id ?? null, { ...fields, sections: sections?.map((s) => sectionContent(s as SectionArg)) }) };
    },
  }),
);

const SetStoryStatusInput = builder.inputType('SetStoryStatusInput', {
  description: 'A story and its new status.',
  fields: (t) => ({
    id: t.globalID({ required: true, for: StoryRef, description: 'The story.' }),
    status: t.field({ type: StatusEnum, required: true, description: 'Its new status.' }),
  }),
});

builder.mutationField('setStoryStatus', (t) =>
  t.field({
    type: StoryPayload,
    description:
      'Publish, Hide or Unhide. Its author: draft or hidden to published, published to hidden. An administrator: published or hidden from any other status.',
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'SetStoryStatusResult', description: "The story, or why not ('Failed to update story status. Please try again.')." },
    },
    args: { input: t.arg({ type: SetStoryStatusInput, required: true, description: 'The story and its status.' }) },
    resolve: async (_r, { input }, ctx) => ({ story: await setStoryStatus(ctx, input.id.id, input.status) }),
  }),
);

const StoryIdInput = (name: string, description: string) =>
  builder.inputType(name, { description, fields: (t) => ({ id: t.globalID({ required: true, for: StoryRef, description: 'The story.' }) }) });

export const DeleteStoryPayload = builder.objectRef<{ id: string }>('DeleteStoryPayload').implement({
  description: 'The deleted story.',
  fields: (t) => ({ deletedStoryId: t.id({ description: 'Global id of the deleted story, for @deleteEdge.', resolve: (p) => encodeGlobalID('Story', p.id) }) }),
});

builder.mutationField('deleteStory', (t) =>
  t.field({
    type: DeleteStoryPayload,
    description: 'Deletes a story and its sections for good (ask first); its author or an administrator may.',
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'DeleteStoryResult', description: 'The deleted id, or why not.' } },
    args: { input: t.arg({ type: StoryIdInput('DeleteStoryInput', 'The story to delete.'), required: true, description: 'The story to delete.' }) },
    resolve: (_r, { input }, ctx) => deleteStory(ctx, input.id.id),
  }),
);

const RecordStoryViewPayload = builder.objectRef<{ id: string; viewCount: number }>('RecordStoryViewPayload').implement({
  description: "The story's view count after this reading.",
  fields: (t) => ({
    storyId: t.id({ description: 'Global id of the story.', resolve: (p) => encodeGlobalID('Story', p.id) }),
    viewCount: t.exposeInt('viewCount', { description: 'Its view count now.' }),
  }),
});

builder.mutationField('recordStoryView', (t) =>
  t.field({
    type: RecordStoryViewPayload,
    description: 'A reader opened a published story: counted once per reader per day (the author is not counted). Open to signed-out readers.',
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'RecordStoryViewResult', description: 'The count, or why not (no such published story).' },
    },
    args: { input: t.arg({ type: StoryIdInput('RecordStoryViewInput', 'The story read.'), required: true, description: 'The story read.' }) },
    resolve: async (_r, { input }, ctx) => ({ id: input.id.id, viewCount: await recordStoryView(ctx, input.id.id) }),
  }),
);
