/** What a photo's own fields may hold, on the validation kit (platform/fields.ts); its file is checked by its bytes (fileType.ts, images.ts). */
import { z } from 'zod';
import { optionalText, requiredText } from '../platform/fields.js';
import { parseInput } from '../platform/validation.js';
import { PHOTO_LIMITS as L, PhotoMessages as M } from './messages.js';

const PhotoTitle = z.object({ title: optionalText(L.title, { tooLong: M.titleTooLong }) });
const PhotoComment = z.object({ comment: requiredText(L.comment, { required: M.commentRequired, tooLong: M.commentTooLong }) });

/** A photo's title: blank is none, longer than the limit is refused (never cut). */
export const validatePhotoTitle = (title: unknown): string | null => parseInput(PhotoTitle, { title }).title;

/** A comment's text: required, at most the limit. */
export const validatePhotoComment = (comment: unknown): string => parseInput(PhotoComment, { comment }).comment;
