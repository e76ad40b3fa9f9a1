import type { Prisma } from '../generated/prisma/client.js';
import type { AuthorCard } from '../itinerary/view.js';

/** A photo as both doors answer it, for one viewer: their own favourite mark and the comment count. */
export interface PhotoView {
  id: string;
  tripId: string;
  uploadedById: string;
  uploadedBy: AuthorCard;
  title: string | null;
  storageKey: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  width: number;
  height: number;
  isShared: boolean;
  createdAt: Date;
  isFavorite: boolean;
  commentCount: number;
  /** 'photo' or 'video'. */
  mediaType: string;
  /** A video's length in seconds (read by the server); null for a photo. */
  durationSeconds: number | null;
  /** Where a video's file is stored (`storageKey` is then its poster); null for a photo. */
  videoKey: string | null;
}

export interface CommentView {
  id: string;
  photoId: string;
  userId: string;
  author: AuthorCard;
  comment: string;
  createdAt: Date;
}

const CARD = { select: { id: true, firstName: true, lastName: true, avatarUrl: true } } as const;

/** What a photo row is read with: its uploader's card, the viewer's favourite mark, its comment count. */
export const photoInclude = (viewerId: string) =>
  ({
    uploadedBy: CARD,
    favorites: { where: { userId: viewerId }, select: { id: true } },
    _count: { select: { comments: true } },
  }) satisfies Prisma.PhotoInclude;

type PhotoRow = Prisma.PhotoGetPayload<{ include: ReturnType<typeof photoInclude> }>;

export function photoViewOf(row: PhotoRow): PhotoView {
  const { favorites, _count, ...photo } = row;
  return { ...photo, isFavorite: favorites.length > 0, commentCount: _count.comments };
}

/**
 * A photo read for everyone at once (a live event): with who marked it a favourite, so that each
 * viewer's own mark is found in memory (`photoViewFor`).
 */
export const PHOTO_FOR_ALL_INCLUDE = {
  uploadedBy: CARD,
  favorites: { select: { userId: true } },
  _count: { select: { comments: true } },
} as const satisfies Prisma.PhotoInclude;

export type PhotoForAll = Prisma.PhotoGetPayload<{ include: typeof PHOTO_FOR_ALL_INCLUDE }>;

/** The photo as `viewerId` sees it, or null when it is not theirs to see (see `visibleTo`). */
export function photoViewFor(row: PhotoForAll, viewerId: string): PhotoView | null {
  if (!row.isShared && row.uploadedById !== viewerId) return null;
  const { favorites, _count, ...photo } = row;
  return { ...photo, isFavorite: favorites.some((f) => f.userId === viewerId), commentCount: _count.comments };
}

export const COMMENT_INCLUDE = { user: CARD } as const satisfies Prisma.PhotoCommentInclude;
type CommentRow = Prisma.PhotoCommentGetPayload<{ include: typeof COMMENT_INCLUDE }>;

export function commentViewOf({ user, ...row }: CommentRow): CommentView {
  return { ...row, author: user };
}

/** The photos the viewer may see on a trip: those shared with it, and their own. */
export const visibleTo = (viewerId: string): Prisma.PhotoWhereInput => ({ OR: [{ isShared: true }, { uploadedById: viewerId }] });

/** The thumbnail's key beside the display copy's (the removal trigger of migration 0014 derives it the same way). */
export const thumbnailKeyOf = (storageKey: string) => storageKey.replace(/\.webp$/, '.thumb.webp');
