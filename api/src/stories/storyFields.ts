/**
 * A story's own fields (title, city, intro, tags, cover) as the server checks them, browser-safe
 * (zod and the messages only), so the editor checks them with the same rule before it saves.
 * The sections, whose rich text is sanitised on the server, are checked in validation.ts.
 */
import { z } from 'zod';
import { parseInput } from '../platform/validation.js';
import { STORY_LIMITS, STORY_MAX_TAGS, StoryMessages as M, storyTooLong } from './messages.js';

/** Where the product serves story pictures; a story may keep only those. */
export const STORY_IMAGE_PATH = '/api/backend/story-image/';
export const STORY_IMAGE_FILE = /^[0-9a-f-]{36}\.(jpg|png|gif|webp)$/;

/** A URL a story may keep: one of our own story images. */
export const isStoryImageUrl = (url: string) => url.startsWith(STORY_IMAGE_PATH) && STORY_IMAGE_FILE.test(url.slice(STORY_IMAGE_PATH.length));

export const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const blankToNull = (v: unknown) => {
  const t = trimmed(v);
  return t === '' || t === undefined ? null : t;
};
export const limited = (field: keyof typeof STORY_LIMITS) => z.string({ error: M.notText }).max(STORY_LIMITS[field], storyTooLong(field));
export const optionalText = (field: keyof typeof STORY_LIMITS) => z.preprocess(blankToNull, limited(field).nullable());
const required = (field: 'title' | 'city', message: string) => z.preprocess((v) => trimmed(v ?? ''), limited(field).min(1, message));
export const imageUrl = z.preprocess(blankToNull, z.string({ error: M.invalidImageUrl }).refine(isStoryImageUrl, M.invalidImageUrl).nullable());

/** Tags as a list or as the editor's comma-separated text: trimmed, empties and repeats dropped. */
const tags = z.preprocess(
  (v) => {
    const list = typeof v === 'string' ? v.split(',') : (v ?? []);
    if (!Array.isArray(list)) return list;
    const out = list.map(trimmed).filter((t) => t !== '');
    return out.filter((t, i) => out.indexOf(t) === i);
  },
  z.array(limited('tag'), { error: M.notText }).max(STORY_MAX_TAGS, M.tooManyTags.replace('{max}', String(STORY_MAX_TAGS))),
);

/** The story's own fields, as both doors and the editor check them. */
export const StoryFieldsSchema = z.object({
  title: required('title', M.titleRequired),
  city: required('city', M.cityRequired),
  intro: optionalText('intro'),
  tags,
  coverUrl: imageUrl,
});

export type StoryFieldsInput = { [K in keyof z.input<typeof StoryFieldsSchema>]?: unknown };

/** Every problem of a story's own fields at once (a ValidationError), or the fields as stored. */
export const validateStoryFields = (input: StoryFieldsInput) => parseInput(StoryFieldsSchema, input);
