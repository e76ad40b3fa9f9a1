import { tripTopicEvents } from '../trips/live.js';
import { encodeGlobalID, resolveCursorConnection } from '@pothos/plugin-relay';
import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { batchLoader } from '../platform/batch.js';
import { perEvent } from '../platform/liveReads.js';
import type { PhotoEvent } from './liveEvents.js';
import { UserRef } from '../accounts/graphql.js';
import { canViewProfile } from '../accounts/visibility.js';
import { TripRef } from '../trips/graphql.js';
import type { RequestContext } from '../platform/context.js';
import type { AuthorCard } from '../itinerary/view.js';
import { PHOTO_LIMITS as L, PHOTO_PAGE_MAX } from './messages.js';
import { addPhotoComment, canDeletePhoto, deletePhoto, listPhotoComments, listTripPhotos, setPhotoFavorite, visiblePhotosByIds } from './service.js';
import { signedMediaUrl } from './signedUrls.js';
import { COMMENT_INCLUDE, commentViewOf, PHOTO_FOR_ALL_INCLUDE, photoViewFor, thumbnailKeyOf, type CommentView, type PhotoView } from './view.js';

/** Photos by id as the viewer may see them, one statement per batch (`node(id:)`). */
const photoLoader = batchLoader<string, PhotoView | null>(async (ctx, ids) => visiblePhotosByIds(ctx, ids), null);

/** The trips photos belong to, one statement per batch (a page of photos asking for its trip). */
const tripLoader = batchLoader(async (ctx, ids: string[]) => {
  const trips = await ctx.deps.db.prisma.trip.findMany({ where: { id: { in: ids } } });
  return new Map(trips.map((trip) => [trip.id, trip]));
}, null);

/** A person shown beside a photo or comment, when the viewer may still see them. */
function visiblePerson(ctx: RequestContext, person: AuthorCard): AuthorCard | null | Promise<AuthorCard | null> {
  const visible = canViewProfile(ctx, person.id);
  return typeof visible === 'boolean' ? (visible ? person : null) : visible.then((ok) => (ok ? person : null));
}

const firstDescription = (what: string) => `At most this many ${what} after \`after\`; ${PHOTO_PAGE_MAX} when not given, and at most ${PHOTO_PAGE_MAX}.`;
const AFTER_DESCRIPTION = 'Page forward from this cursor (a `pageInfo.endCursor` or an edge `cursor`).';

export const PhotoCommentRef = builder.objectRef<CommentView>('PhotoComment').implement({
  description: "A member's comment on a photo of their trip.",
  fields: (t) => ({
    id: t.id({ description: "The comment's global id.", resolve: (c) => encodeGlobalID('PhotoComment', c.id) }),
    comment: t.exposeString('comment', { description: 'What they wrote (trimmed, never empty).' }),
    author: t.field({
      type: UserRef,
      nullable: true,
      description: 'Who wrote it; null when the viewer may no longer see that person.',
      resolve: (c, _a, ctx) => visiblePerson(ctx, c.author),
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was posted.', resolve: (c) => c.createdAt }),
  }),
});

const PhotoCommentEdge = builder.edgeObject({ type: PhotoCommentRef, name: 'PhotoCommentEdge', description: 'One comment, with its cursor.' });
const PhotoCommentConnection = builder.connectionObject(
  { type: PhotoCommentRef, name: 'PhotoCommentConnection', description: "A page of a photo's comments, oldest first." },
  PhotoCommentEdge,
);

export const MediaTypeEnum = builder.enumType('MediaType', {
  description: 'What an album item is.',
  values: {
    PHOTO: { value: 'photo', description: 'A photo (its url is the picture).' },
    VIDEO: { value: 'video', description: 'A video (its url is its poster; videoUrl plays it).' },
  } as const,
});

export const PhotoRef = builder.node(builder.objectRef<PhotoView>('Photo'), {
  id: { resolve: (p) => p.id },
  loadMany: (ids, ctx) => Promise.all(ids.map((id) => photoLoader(ctx, id))),
  description: "A photo or video of a trip. Seen by the trip's members when shared, otherwise by its uploader only.",
  authScopes: (photo) => ({ tripMember: photo.tripId }),
  runScopesOnType: true,
  fields: (t) => ({
    trip: t.field({ type: TripRef, nullable: true, description: 'The trip it belongs to.', resolve: (p, _a, ctx) => tripLoader(ctx, p.tripId) }),
    title: t.exposeString('title', { nullable: true, description: 'Its title; null when none was given.' }),
    fileName: t.exposeString('fileName', { description: 'The name the file had on the uploader’s device.' }),
    fileSize: t.exposeInt('fileSize', { description: 'The uploaded file’s size in bytes.' }),
    mimeType: t.exposeString('mimeType', {
      description:
        'What the uploaded file was, judged from its bytes: image/jpeg, image/png, image/gif or image/webp; video/mp4, video/quicktime or video/webm.',
    }),
    mediaType: t.field({ type: MediaTypeEnum, description: 'A photo or a video.', resolve: (p) => (p.mediaType === 'video' ? 'video' : 'photo') }),
    durationSeconds: t.float({
      nullable: true,
      description: "A video's length in seconds, read by the server from the file's container; null for a photo.",
      resolve: (p) => p.durationSeconds,
    }),
    videoUrl: t.string({
      nullable: true,
      description: "A signed link to a video's file (served by byte range, so players can seek), good for an hour at least; null for a photo.",
      resolve: (p, _a, ctx) => (p.videoKey ? signedMediaUrl(ctx.deps, p.videoKey) : null),
    }),
    width: t.exposeInt('width', { description: 'Width in pixels of the photo as seen (its orientation applied).' }),
    height: t.exposeInt('height', { description: 'Height in pixels of the photo as seen (its orientation applied).' }),
    isShared: t.exposeBoolean('isShared', { description: "True: every member sees it ('Shared with trip members'); false: only its uploader ('no one')." }),
    isFavorite: t.exposeBoolean('isFavorite', { description: "Whether it is one of the viewer's favourites (each member has their own)." }),
    commentCount: t.exposeInt('commentCount', { description: 'How many comments it has.' }),
    url: t.string({
      description:
        "A signed link to the display copy (at most 1920 px wide, WebP, no EXIF or GPS data; a video's poster frame), good for an hour at least; ask again for a fresh one.",
      resolve: (p, _a, ctx) => signedMediaUrl(ctx.deps, p.storageKey),
    }),
    thumbnailUrl: t.string({
      description: 'A signed link to the thumbnail (fits in 480 × 480 px), good for an hour at least.',
      resolve: (p, _a, ctx) => signedMediaUrl(ctx.deps, thumbnailKeyOf(p.storageKey)),
    }),
    uploadedBy: t.field({
      type: UserRef,
      nullable: true,
      description: 'Who uploaded it; null when the viewer may no longer see that person.',
      resolve: (p, _a, ctx) => visiblePerson(ctx, p.uploadedBy),
    }),
    viewerCanDelete: t.boolean({
      description: 'Whether the viewer may delete it: its uploader or the trip owner.',
      resolve: (p, _a, ctx) => canDeletePhoto(ctx, p),
    }),
    comments: t.field({
      type: PhotoCommentConnection,
      description: `Its comments, oldest first, ${PHOTO_PAGE_MAX} a page at most.`,
      args: { first: t.arg.int({ description: firstDescription('comments') }), after: t.arg.string({ description: AFTER_DESCRIPTION }) },
      resolve: (p, args, ctx) =>
        resolveCursorConnection<Promise<CommentView[]>>(
          { args: { first: args.first, after: args.after }, defaultSize: PHOTO_PAGE_MAX, maxSize: PHOTO_PAGE_MAX, toCursor: (c: CommentView) => c.id },
          ({ after, limit }) => listPhotoComments(ctx, p.id, { limit, after }),
        ),
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was uploaded.', resolve: (p) => p.createdAt }),
  }),
});

const PhotoEdge = builder.edgeObject({ type: PhotoRef, name: 'PhotoEdge', description: 'One photo, with its cursor.' });
const PhotoConnection = builder.connectionObject(
  { type: PhotoRef, name: 'PhotoConnection', description: "A page of a trip's photos, newest first." },
  PhotoEdge,
);

builder.prismaObjectFields('Trip', (t) => ({
  photos: t.field({
    type: PhotoConnection,
    description: `The trip's photos the viewer sees (shared ones and their own), newest first; ${PHOTO_PAGE_MAX} a page at most.`,
    authScopes: (trip) => ({ tripMember: trip.id }),
    args: {
      first: t.arg.int({ description: firstDescription('photos') }),
      after: t.arg.string({ description: AFTER_DESCRIPTION }),
      favoritesOnly: t.arg.boolean({ description: "Only the viewer's favourites." }),
    },
    resolve: (trip, args, ctx) =>
      resolveCursorConnection<Promise<PhotoView[]>>(
        { args: { first: args.first, after: args.after }, defaultSize: PHOTO_PAGE_MAX, maxSize: PHOTO_PAGE_MAX, toCursor: (p: PhotoView) => p.id },
        ({ after, limit }) => listTripPhotos(ctx, trip.id, { favoritesOnly: args.favoritesOnly ?? false, page: { limit, after } }),
      ),
  }),
}));

const PhotoIdField = (t: PothosInputFieldBuilder) => t.globalID({ required: true, for: PhotoRef, description: 'The photo, by its global id.' });
type PothosInputFieldBuilder = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

const SetPhotoFavoriteInput = builder.inputType('SetPhotoFavoriteInput', {
  description: "A photo and whether it is one of the viewer's favourites.",
  fields: (t) => ({
    photoId: PhotoIdField(t),
    favorite: t.boolean({ required: true, description: 'True to mark it, false to unmark it.' }),
  }),
});

const PhotoPayload = builder.objectRef<{ photo: PhotoView }>('PhotoPayload').implement({
  description: 'The photo as it is now.',
  fields: (t) => ({ photo: t.field({ type: PhotoRef, description: 'The photo as it is now.', resolve: (p) => p.photo }) }),
});

builder.mutationField('setPhotoFavorite', (t) =>
  t.field({
    type: PhotoPayload,
    description: "Marks or unmarks a photo as one of the viewer's favourites; the other members' marks are theirs.",
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'SetPhotoFavoriteResult', description: 'The photo, or why it was not changed.' } },
    args: { input: t.arg({ type: SetPhotoFavoriteInput, required: true, description: 'The photo and the mark.' }) },
    resolve: async (_r, { input }, ctx) => ({ photo: await setPhotoFavorite(ctx, input.photoId.id, input.favorite) }),
  }),
);

const DeletePhotoInput = builder.inputType('DeletePhotoInput', {
  description: 'The photo to delete.',
  fields: (t) => ({ photoId: PhotoIdField(t) }),
});

const DeletePhotoPayload = builder.objectRef<{ id: string; tripId: string }>('DeletePhotoPayload').implement({
  description: "The deleted photo's id.",
  fields: (t) => ({
    deletedPhotoId: t.id({ description: 'Global id of the deleted photo, for @deleteRecord / @deleteEdge.', resolve: (p) => encodeGlobalID('Photo', p.id) }),
  }),
});

builder.mutationField('deletePhoto', (t) =>
  t.field({
    type: DeletePhotoPayload,
    description: 'Deletes a photo with its comments, favourites and files (ask first: it cannot be undone); its uploader or the trip owner may.',
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'DeletePhotoResult', description: 'The deleted photo, or why it was not deleted.' } },
    args: { input: t.arg({ type: DeletePhotoInput, required: true, description: 'The photo to delete.' }) },
    resolve: (_r, { input }, ctx) => deletePhoto(ctx, input.photoId.id),
  }),
);

const AddPhotoCommentInput = builder.inputType('AddPhotoCommentInput', {
  description: 'A comment on a photo.',
  fields: (t) => ({
    photoId: PhotoIdField(t),
    comment: t.string({ required: true, description: `The text: not empty once trimmed, at most ${L.comment} characters.` }),
  }),
});

const AddPhotoCommentPayload = builder.objectRef<{ comment: CommentView }>('AddPhotoCommentPayload').implement({
  description: 'The new comment.',
  fields: (t) => ({
    comment: t.field({ type: PhotoCommentRef, description: 'The comment as saved.', resolve: (p) => p.comment }),
    edge: t.field({
      type: PhotoCommentEdge,
      description: "The comment as an edge of `Photo.comments`, for Relay's @appendEdge.",
      resolve: (p) => ({ cursor: p.comment.id, node: p.comment }),
    }),
  }),
});

builder.mutationField('addPhotoComment', (t) =>
  t.field({
    type: AddPhotoCommentPayload,
    description: 'Comments on a photo the viewer sees; the members watching the trip see it live.',
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'AddPhotoCommentResult', description: 'The new comment, or why it was not added (an empty comment is a `ValidationError`).' },
    },
    args: { input: t.arg({ type: AddPhotoCommentInput, required: true, description: 'The photo and the comment.' }) },
    resolve: async (_r, { input }, ctx) => ({ comment: await addPhotoComment(ctx, input.photoId.id, input.comment) }),
  }),
);

const PhotoChangeKind = builder.enumType('PhotoChangeKind', {
  description: "What happened to a watched trip's photos.",
  values: {
    ADDED: { description: 'A photo was uploaded: `photo` is it.' },
    DELETED: { description: 'A photo was deleted: `deletedPhotoId` names it.' },
    COMMENTED: { description: 'A photo was commented on: `comment` is the comment, `photo` the photo now.' },
  } as const,
});

/** An event as delivered: the photo (and comment) as the receiving member may see them now. */
type DeliveredPhotoEvent = PhotoEvent & { photo: PhotoView | null; comment: CommentView | null };

const TripPhotoEvent = builder.objectRef<DeliveredPhotoEvent>('TripPhotoEvent').implement({
  description: "A change to a watched trip's photos. A photo gone by the time the event is delivered arrives as DELETED.",
  fields: (t) => ({
    kind: t.field({ type: PhotoChangeKind, description: 'What happened.', resolve: (e) => (e.photo ? e.kind : 'DELETED') }),
    photo: t.field({ type: PhotoRef, nullable: true, description: 'The photo as it is now; null when DELETED.', resolve: (e) => e.photo }),
    comment: t.field({
      type: PhotoCommentRef,
      nullable: true,
      description: 'The new comment; null unless COMMENTED.',
      resolve: (e) => (e.photo ? e.comment : null),
    }),
    deletedPhotoId: t.id({
      nullable: true,
      description: 'Global id of the deleted photo, for @deleteRecord / @deleteEdge; null unless DELETED.',
      resolve: (e) => (e.photo ? null : encodeGlobalID('Photo', e.photoId)),
    }),
  }),
});

builder.subscriptionField('tripPhotosChanged', (t) =>
  t.field({
    type: TripPhotoEvent,
    description: 'Live photo uploads, deletions and comments of one trip, from every instance. A photo kept private by its uploader is told to no one else.',
    args: { tripId: t.arg.globalID({ required: true, for: TripRef, description: 'The trip to watch; the viewer must be on it.' }) },
    authScopes: (_r, args) => ({ tripMember: args.tripId.id }),
    // Membership is checked again before every event, and the trip's own events end the
    // subscription at once for someone removed (or a trip deleted).
    subscribe: (_r, args, ctx) => {
      const tripId = args.tripId.id;
      return tripTopicEvents(ctx, tripId, 'photos', async (event: PhotoEvent): Promise<DeliveredPhotoEvent | 'skip'> => {
        // The photo and comment are read once per event on this instance; each viewer's share
        // of them (whether they may see a private photo, their own favourite mark) is decided here.
        const read = await perEvent(ctx.deps, event, 'read', async () => {
          const prisma = ctx.deps.db.prisma;
          const [photo, comment] = await Promise.all([
            event.kind === 'DELETED' ? null : prisma.photo.findUnique({ where: { id: event.photoId }, include: PHOTO_FOR_ALL_INCLUDE }),
            event.kind === 'COMMENTED' && event.commentId ? prisma.photoComment.findUnique({ where: { id: event.commentId }, include: COMMENT_INCLUDE }) : null,
          ]);
          return { photo, comment: comment ? commentViewOf(comment) : null };
        });
        const photo = read.photo && ctx.viewer ? photoViewFor(read.photo, ctx.viewer.id) : null;
        // A private photo's upload or comments are nobody else's news.
        if (event.kind !== 'DELETED' && !photo) return 'skip';
        if (event.kind === 'COMMENTED' && event.commentId && !read.comment) return 'skip';
        return { ...event, photo: photo?.tripId === tripId ? photo : null, comment: event.kind === 'COMMENTED' ? read.comment : null };
      });
    },
    resolve: (e: DeliveredPhotoEvent) => e,
  }),
);
