import { z } from 'zod';
import type { AppDeps } from '../platform/context.js';
import { assertSelfOrAdmin, route } from '../rest/kit.js';
import { ValidationError } from '../platform/errors.js';
import { PHOTO_PAGE_MAX } from './messages.js';
import { signedMediaUrl } from './signedUrls.js';
import { addPhotoComment, listPhotoComments, listTripPhotos, listViewerPhotos, requireVisiblePhoto, setPhotoFavorite, deletePhoto } from './service.js';
import { thumbnailKeyOf, type CommentView, type PhotoView } from './view.js';
import type { AuthorCard } from '../itinerary/view.js';

/**
 * A photo or video as the REST rows answer it: the seed's snake_case names, with signed, expiring
 * links (served whole or by byte range); `media_type` "photo" or "video".
 */
export function photoJson(deps: AppDeps, p: PhotoView) {
  return {
    id: p.id,
    trip_id: p.tripId,
    user_id: p.uploadedById,
    uploaded_by: p.uploadedById,
    title: p.title,
    file_name: p.fileName,
    file_size: p.fileSize,
    mime_type: p.mimeType,
    width: p.width,
    height: p.height,
    is_favorite: p.isFavorite,
    is_shared: p.isShared,
    comment_count: p.commentCount,
    created_at: p.createdAt.toISOString(),
    media_type: p.mediaType,
    duration_seconds: p.durationSeconds,
    // A video's url is the video itself; its poster (always an image) and thumbnail are pictures.
    url: signedMediaUrl(deps, p.videoKey ?? p.storageKey),
    poster_url: p.videoKey ? signedMediaUrl(deps, p.storageKey) : null,
    thumbnail_url: signedMediaUrl(deps, thumbnailKeyOf(p.storageKey)),
  };
}

function commentJson(c: CommentView) {
  return { id: c.id, photo_id: c.photoId, user_id: c.userId, comment: c.comment, created_at: c.createdAt.toISOString() };
}

/** The people a list names, by id: the seed's `profiles` map. */
function profiles(cards: AuthorCard[]) {
  return Object.fromEntries(cards.map((c) => [c.id, { id: c.id, first_name: c.firstName, last_name: c.lastName, avatar_url: c.avatarUrl }]));
}

/** `?limit=` (at most PHOTO_PAGE_MAX) and `?after=<id of the last row of the previous page>`. */
const pageOf = (query: Record<string, string>) => ({
  limit: Math.min(PHOTO_PAGE_MAX, Math.max(1, Number.parseInt(query.limit ?? '', 10) || PHOTO_PAGE_MAX)),
  after: query.after || null,
});

const FavoriteBody = z.object({ is_favorite: z.boolean({ error: 'is_favorite must be true or false.' }).optional() });
const CommentBody = z.object({
  photo_id: z.string({ error: 'photo_id is required.' }).min(1, 'photo_id is required.'),
  user_id: z.string().optional(),
  comment: z.unknown().optional(),
});

export const photoRoutes = [
  route({
    method: 'GET',
    path: '/user-photos/:userId',
    access: 'signedIn',
    handle: async (ctx, { params, query }) => {
      assertSelfOrAdmin(ctx, params.userId);
      const page = pageOf(query);
      const photos = query.tripId
        ? await listTripPhotos(ctx, query.tripId, { page, favoritesOnly: query.favorites === 'true' })
        : await listViewerPhotos(ctx, page);
      return { photos: photos.map((p) => photoJson(ctx.deps, p)), profiles: profiles(photos.map((p) => p.uploadedBy)) };
    },
  }),
  route({
    method: 'PUT',
    path: '/toggle-photo-favorite/:id',
    access: 'signedIn',
    body: FavoriteBody,
    // Without is_favorite, the mark flips.
    handle: async (ctx, { params, body }) => {
      const favorite = body.is_favorite ?? !(await requireVisiblePhoto(ctx, params.id)).isFavorite;
      return { photo: photoJson(ctx.deps, await setPhotoFavorite(ctx, params.id, favorite)) };
    },
  }),
  route({
    method: 'DELETE',
    path: '/delete-photo/:id',
    access: 'signedIn',
    handle: async (ctx, { params }) => {
      const deleted = await deletePhoto(ctx, params.id);
      return { success: true, id: deleted.id, trip_id: deleted.tripId };
    },
  }),
  route({
    method: 'GET',
    path: '/photo-comments/:photoId',
    access: 'signedIn',
    handle: async (ctx, { params, query }) => {
      const comments = await listPhotoComments(ctx, params.photoId, pageOf(query));
      return { comments: comments.map(commentJson), profiles: profiles(comments.map((c) => c.author)) };
    },
  }),
  route({
    method: 'POST',
    path: '/add-photo-comment',
    access: 'signedIn',
    status: 201,
    body: CommentBody,
    // The author is the signed-in user; a user_id naming someone else is refused, not obeyed.
    handle: async (ctx, { body }) => {
      if (body.user_id && body.user_id !== ctx.viewer!.id) throw new ValidationError('user_id must be your own id.', 'user_id');
      return { comment: commentJson(await addPhotoComment(ctx, body.photo_id, body.comment)) };
    },
  }),
];
