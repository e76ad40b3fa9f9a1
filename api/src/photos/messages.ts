/**
 * The photo messages users read, shared by the API and the web app. Those of the specification
 * are word for word; `{name}` is the file's name as the user chose it.
 */
export const PhotoMessages = {
  heic: '{name} is a HEIC file. Please convert it to JPEG or PNG before uploading, or use a different photo.',
  notImage: '{name} is not a supported image file. Please select JPEG, PNG, GIF or WebP files.',
  tooLarge: '{name} is too large ({size}). Please select files smaller than 50MB.',
  uploaded: 'Successfully uploaded {n} photo(s)!',
  uploadFailed: 'Error uploading photos. Please try again.',
  deleteFailed: 'Error deleting photo. Please try again.',
  deleted: 'Photo deleted successfully!',
  commentFailed: 'Error adding comment. Please try again.',
  deleteConfirm: 'This cannot be undone.',
  emptyAll: 'No photos uploaded yet',
  emptyFavorites: 'No favorite photos yet',
  sharedWithMembers: 'Shared with trip members',
  sharedWithNoOne: 'no one',
  // Ours, where the specification has none.
  notFound: 'Photo not found.',
  commentRequired: 'Please write a comment.',
  commentTooLong: 'Comments are at most {max} characters.',
  titleTooLong: 'Titles are at most {max} characters.',
  fileRequired: 'Please choose a photo to upload.',
  notMultipart: 'Send the photo as multipart/form-data with trip_id and file.',
  deleteForbidden: 'Only the person who uploaded this photo or the trip owner can delete it.',
  linkInvalid: 'This photo link has expired or is not valid.',
  uploadTooLarge: '{name} is too large ({size}). Please select photos smaller than 50MB or videos smaller than {max}.',
  videoNotSupported: '{name} is not a supported video. Please select MP4, WebM or MOV videos.',
  videoTooLarge: '{name} is too large ({size}). Please select videos smaller than {max}.',
  videoUnreadable: '{name} could not be read as a video (its length is not in the file). Please choose an MP4, WebM or MOV video.',
  posterNotImage: "The video's poster frame is not a supported image (JPEG, PNG, GIF or WebP).",
  tooManyPixels: '{name} is too large ({megapixels} megapixels). Please choose a picture of at most {max} megapixels.',
} as const;

export const PHOTO_LIMITS = {
  /** The largest file accepted, in bytes (checked while it streams in, before it is all read). */
  fileBytes: 50 * 1024 * 1024,
  /** Files over this are made smaller in the browser before they are sent. */
  compressAboveBytes: 10 * 1024 * 1024,
  /** What the browser makes of a large file: this wide at most, at this JPEG quality. */
  compressWidth: 1920,
  compressQuality: 0.7,
  /** The display copy is at most this wide. */
  displayWidth: 1920,
  /** The thumbnail fits in this square. */
  thumbnailSize: 480,
  title: 200,
  comment: 2000,
} as const;

/** The default largest video (VIDEO_MAX_BYTES overrides it). */
export const DEFAULT_VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/** The largest poster frame sent beside a video. */
export const POSTER_MAX_BYTES = 10 * 1024 * 1024;
/** Videos longer than this are not believed (a damaged header). */
export const VIDEO_MAX_SECONDS = 24 * 60 * 60;

/** The most photos (or comments) one page holds. */
export const PHOTO_PAGE_MAX = 100;

// Placeholders are filled by the one helper every domain's messages share.
export { fill } from '../platform/fill.js';

/** A size as the too-large message shows it: '61.2 MB'. */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A video's length as the album shows it: 0:07, 3:25, 1:02:09. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
