import { randomUUID } from 'node:crypto';
import { requireViewer, type RequestContext } from '../platform/context.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import { withLiveEvents } from '../platform/outbox.js';
import { isTripOwner, requireTripMember } from '../trips/access.js';
import type { VideoType } from './fileType.js';
import { ImageTooLargeError, processImage, STORED_TYPE, tooManyPixels, type ProcessedImage } from './images.js';
import { stripVideoLocation } from './videoLocation.js';
import { isVideoType, posterCard, readVideoDuration, VIDEO_EXTENSIONS } from './videos.js';
import { fill, PHOTO_PAGE_MAX, PhotoMessages as M } from './messages.js';
import { validatePhotoComment, validatePhotoTitle } from './validation.js';
import { COMMENT_INCLUDE, commentViewOf, photoInclude, photoViewOf, thumbnailKeyOf, visibleTo, type CommentView, type PhotoView } from './view.js';
import { ON_TRIP_STATUSES } from '../trips/memberStatus.js';

/** A page asked for by cursor: the id of the last row of the page before (newest first for photos). */
export interface Page {
  limit: number;
  after?: string | null;
}

const pageArgs = (page: Page) => ({
  // One more than a page, so a connection can tell whether another follows.
  take: Math.min(Math.max(page.limit, 1), PHOTO_PAGE_MAX + 1),
  ...(page.after && isUuid(page.after) ? { cursor: { id: page.after }, skip: 1 } : {}),
});

/** A trip's photos the viewer may see, newest first; only their favourites when asked. Members only. */
export async function listTripPhotos(ctx: RequestContext, tripId: string, opts: { favoritesOnly?: boolean; page: Page }): Promise<PhotoView[]> {
  const viewer = requireViewer(ctx);
  await requireTripMember(ctx, tripId);
  const rows = await ctx.deps.db.prisma.photo.findMany({
    where: { tripId, ...visibleTo(viewer.id), ...(opts.favoritesOnly ? { favorites: { some: { userId: viewer.id } } } : {}) },
    include: photoInclude(viewer.id),
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    ...pageArgs(opts.page),
  });
  return rows.map(photoViewOf);
}

/** The viewer's photos across every trip they are on (the REST list without a trip), newest first. */
export async function listViewerPhotos(ctx: RequestContext, page: Page): Promise<PhotoView[]> {
  const viewer = requireViewer(ctx);
  const rows = await ctx.deps.db.prisma.photo.findMany({
    where: { trip: { members: { some: { userId: viewer.id, status: { in: ON_TRIP_STATUSES } } } }, ...visibleTo(viewer.id) },
    include: photoInclude(viewer.id),
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    ...pageArgs(page),
  });
  return rows.map(photoViewOf);
}

/**
 * The photo, once the viewer may see it: signed out 401; no such photo (or one kept private by
 * another member) 404; a photo of someone else's trip 403, as for the trip itself.
 */
export async function requireVisiblePhoto(ctx: RequestContext, photoId: string): Promise<PhotoView> {
  const viewer = requireViewer(ctx);
  if (!isUuid(photoId)) throw new NotFoundError(M.notFound);
  const row = await ctx.deps.db.prisma.photo.findUnique({ where: { id: photoId }, include: photoInclude(viewer.id) });
  if (!row) throw new NotFoundError(M.notFound);
  await requireTripMember(ctx, row.tripId);
  if (!row.isShared && row.uploadedById !== viewer.id) throw new NotFoundError(M.notFound);
  return photoViewOf(row);
}

/** Photos by id as the viewer may see them (live events, `node(id:)`); others are left out. */
export async function visiblePhotosByIds(ctx: RequestContext, ids: string[]): Promise<Map<string, PhotoView>> {
  const viewer = ctx.viewer;
  const wanted = ids.filter(isUuid);
  if (!viewer || !wanted.length) return new Map();
  const rows = await ctx.deps.db.prisma.photo.findMany({ where: { id: { in: wanted }, ...visibleTo(viewer.id) }, include: photoInclude(viewer.id) });
  return new Map(rows.map((row) => [row.id, photoViewOf(row)]));
}

/** An upload that has passed the type and size checks, waiting on disk to be processed. */
export interface IncomingPhoto {
  tripId: string;
  title?: unknown;
  isShared?: boolean;
  /** The name the user's file had (shown, never used as a path). */
  fileName: string;
  fileSize: number;
  /** The type its bytes say it is. */
  mimeType: string;
  /** Where it waits on local disk. */
  path: string;
  /** A video's poster frame as the browser captured it (an image, checked by its bytes), on local disk. */
  posterPath?: string | null;
}

/** The files a photo or video is kept as, re-encoded and ready to store. */
interface Prepared {
  image: ProcessedImage;
  video: { durationSeconds: number; type: VideoType } | null;
}

/** A photo decoded and re-encoded; a video's length read, its location blanked, its poster made. */
async function prepare(input: IncomingPhoto): Promise<Prepared> {
  const notImage = (err: unknown, message: string, field: string) => {
    if (err instanceof ImageTooLargeError) return new ValidationError(tooManyPixels(input.fileName, err), field);
    // Right magic bytes but not a decodable picture (truncated or corrupt).
    return new ValidationError(message, field);
  };
  if (!isVideoType(input.mimeType)) {
    try {
      return { image: await processImage(input.path), video: null };
    } catch (err) {
      throw notImage(err, fill(M.notImage, { name: input.fileName }), 'file');
    }
  }
  const type = input.mimeType;
  // The length comes from the container, never from the browser; a container that cannot be read stores nothing.
  const durationSeconds = await readVideoDuration(input.path, type);
  if (durationSeconds === null) throw new ValidationError(fill(M.videoUnreadable, { name: input.fileName }), 'file');
  // MP4 and MOV carry the place a phone recorded them in their metadata boxes: blanked in place.
  // Matroska (WebM) defines no location element, and browsers and cameras write none: kept as it is.
  if (type !== 'video/webm') await stripVideoLocation(input.path);
  let image: ProcessedImage;
  if (input.posterPath) {
    try {
      image = await processImage(input.posterPath);
    } catch (err) {
      throw notImage(err, M.posterNotImage, 'poster');
    }
  } else {
    image = await processImage(await posterCard(durationSeconds));
  }
  return { image, video: { durationSeconds, type } };
}

/**
 * Stores a member's photo: decoded and re-encoded (upright, no EXIF or GPS), a display copy and a
 * thumbnail put in storage, then its row, announced to the trip's members.
 */
export async function uploadPhoto(ctx: RequestContext, input: IncomingPhoto): Promise<PhotoView> {
  const viewer = requireViewer(ctx);
  await requireTripMember(ctx, input.tripId);
  const title = validatePhotoTitle(input.title);
  const { image, video } = await prepare(input);
  const id = randomUUID();
  const storageKey = `photos/${input.tripId}/${id}.webp`;
  const videoKey = video ? `photos/${input.tripId}/${id}.${VIDEO_EXTENSIONS[video.type]}` : null;
  const keys = [storageKey, thumbnailKeyOf(storageKey), ...(videoKey ? [videoKey] : [])];
  const storage = ctx.deps.storage;
  try {
    await Promise.all([
      storage.put(storageKey, image.display, STORED_TYPE),
      storage.put(thumbnailKeyOf(storageKey), image.thumbnail, STORED_TYPE),
      ...(videoKey ? [storage.putFile(videoKey, input.path, video!.type)] : []),
    ]);
    return await withLiveEvents(ctx.deps, async (tx, events) => {
      const row = await tx.photo.create({
        data: {
          id,
          tripId: input.tripId,
          uploadedById: viewer.id,
          title,
          storageKey,
          fileName: input.fileName.slice(0, 255),
          fileSize: input.fileSize,
          mimeType: input.mimeType,
          width: image.width,
          height: image.height,
          isShared: input.isShared ?? true,
          mediaType: video ? 'video' : 'photo',
          durationSeconds: video?.durationSeconds ?? null,
          videoKey,
        },
        include: photoInclude(viewer.id),
      });
      events.tripTopic('photos', { kind: 'ADDED', tripId: input.tripId, photoId: id, actorId: viewer.id });
      return photoViewOf(row);
    });
  } catch (err) {
    await removeFiles(ctx, keys);
    throw err;
  }
}

/** Marks or unmarks a photo as one of the viewer's favourites (their own mark; nobody else's changes). */
export async function setPhotoFavorite(ctx: RequestContext, photoId: string, favorite: boolean): Promise<PhotoView> {
  const viewer = requireViewer(ctx);
  const photo = await requireVisiblePhoto(ctx, photoId);
  const where = { photoId_userId: { photoId, userId: viewer.id } };
  if (favorite) await ctx.deps.db.prisma.photoFavorite.upsert({ where, create: { photoId, userId: viewer.id }, update: {} });
  else await ctx.deps.db.prisma.photoFavorite.deleteMany({ where: { photoId, userId: viewer.id } });
  return { ...photo, isFavorite: favorite };
}

/** Whether the viewer may delete this photo: its uploader, or the trip's owner. */
export function canDeletePhoto(ctx: RequestContext, photo: { uploadedById: string; tripId: string }): boolean | Promise<boolean> {
  if (!ctx.viewer) return false;
  if (photo.uploadedById === ctx.viewer.id || ctx.viewer.isAdmin) return true;
  return isTripOwner(ctx, photo.tripId);
}

/** Deletes a photo with its comments, favourites and files; its uploader or the trip owner may. */
export async function deletePhoto(ctx: RequestContext, photoId: string): Promise<{ id: string; tripId: string }> {
  const viewer = requireViewer(ctx);
  const photo = await requireVisiblePhoto(ctx, photoId);
  if (!(await canDeletePhoto(ctx, photo))) throw new ForbiddenError(M.deleteForbidden);
  await withLiveEvents(ctx.deps, async (tx, events) => {
    // The row's delete trigger queues both files for removal in this same transaction.
    await tx.photo.deleteMany({ where: { id: photoId } });
    events.tripTopic('photos', { kind: 'DELETED', tripId: photo.tripId, photoId, actorId: viewer.id });
  });
  await removeFiles(ctx, [photo.storageKey, thumbnailKeyOf(photo.storageKey), ...(photo.videoKey ? [photo.videoKey] : [])]);
  return { id: photoId, tripId: photo.tripId };
}

/** Removes files now, and from the removal queue; what fails stays queued for the sweeper. */
async function removeFiles(ctx: RequestContext, keys: string[]) {
  try {
    await Promise.all(keys.map((key) => ctx.deps.storage.remove(key)));
    await ctx.deps.db.prisma.removedFile.deleteMany({ where: { storageKey: { in: keys } } });
  } catch (err) {
    ctx.deps.logger.warn({ err, keys }, 'could not remove a photo file now; the sweeper will retry');
  }
}

/** A photo's comments, oldest first. */
export async function listPhotoComments(ctx: RequestContext, photoId: string, page: Page): Promise<CommentView[]> {
  await requireVisiblePhoto(ctx, photoId);
  const rows = await ctx.deps.db.prisma.photoComment.findMany({
    where: { photoId },
    include: COMMENT_INCLUDE,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    ...pageArgs(page),
  });
  return rows.map(commentViewOf);
}

/** Comments on a photo the viewer sees; the other members watching the trip see it live. */
export async function addPhotoComment(ctx: RequestContext, photoId: string, text: unknown): Promise<CommentView> {
  const viewer = requireViewer(ctx);
  const comment = validatePhotoComment(text);
  const photo = await requireVisiblePhoto(ctx, photoId);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const row = await tx.photoComment.create({ data: { photoId, userId: viewer.id, comment }, include: COMMENT_INCLUDE });
    events.tripTopic('photos', { kind: 'COMMENTED', tripId: photo.tripId, photoId, commentId: row.id, actorId: viewer.id });
    return commentViewOf(row);
  });
}
