/**
 * The stories messages users read, shared by the API and the web app. The specification's are
 * word for word; the rest are ours, where it has none.
 */
import { isUuid } from '../platform/ids.js';

export const StoryMessages = {
  titleRequired: 'Title is required.',
  cityRequired: 'City is required.',
  moderation: 'Please remove inappropriate language before saving.',
  notFoundOrNotYours: 'Story not found or you do not have permission to edit it.',
  notFound: 'Story not found.',
  signInToCreate: 'Please sign in to create a story.',
  signInToEdit: 'Please sign in to edit stories.',
  signInToView: 'Please sign in to view your stories.',
  saveFailed: 'Save failed',
  loadFailed: 'Failed to load story. Please try again.',
  deleteFailed: 'Failed to delete story. Please try again.',
  statusFailed: 'Failed to update story status. Please try again.',
  confirmDelete: 'Are you sure you want to delete this story? This action cannot be undone.',
  // Ours.
  notText: 'Please enter text.',
  invalidStatus: 'Status must be draft, published or hidden.',
  invalidSectionType: 'Section type must be text, places, favorites or best_time.',
  invalidMonth: 'Months are January to December, written out in English.',
  invalidStatusMove: 'A story can be published from draft or hidden, and hidden once published.',
  invalidImageUrl: 'Images must be uploaded to Tripcrew first.',
  tooManySections: 'A story has at most {max} sections.',
  tooManyItems: 'A section has at most {max} items.',
  tooManyTags: 'A story has at most {max} tags.',
  tooLong: '{label} must be at most {max} characters.',
  notAnImage: 'Please choose a JPEG, PNG, GIF or WebP image.',
  imageTooLarge: 'Images must be at most 10 MB.',
  noFile: 'Please choose an image to upload.',
  othersStories: 'You may only read your own stories.',
} as const;

/** The months a 'best time' section may name, in calendar order (as stored and shown). */
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** Longest texts a story keeps; longer input is refused with a message, never cut short. */
export const STORY_LIMITS = {
  title: 200,
  city: 100,
  intro: 2000,
  tag: 40,
  heading: 200,
  body: 50_000,
  name: 200,
  note: 2000,
} as const;

export const STORY_LABELS: Record<keyof typeof STORY_LIMITS, string> = {
  title: 'Title',
  city: 'City',
  intro: 'Intro',
  tag: 'A tag',
  heading: 'A section title',
  body: 'A section text',
  name: 'An item name',
  note: 'An item note',
};

export const STORY_MAX_SECTIONS = 30;
export const STORY_MAX_ITEMS = 50;
export const STORY_MAX_TAGS = 20;

/** Lists of the specification: the blog, the stories landing, popular stories elsewhere. */
export const BLOG_LIMIT = 24;
export const LANDING_LIMIT = 6;
export const POPULAR_LIMIT = 3;
/** Most stories one page of a list answers. */
export const STORY_PAGE_MAX = 100;
/** Tags shown per card. */
export const CARD_TAGS = 3;
/** Words that block a save when found in the title or intro (case-insensitive, anywhere). */
export const BANNED_WORDS = ['hate', 'kill', 'racist', 'terror'] as const;
/** Autosave: this long after the last change. */
export const AUTOSAVE_DELAY_MS = 30_000;
/** What the editor starts with. */
export const EDITOR_DEFAULTS = { city: 'Toronto', tags: ['newcomer', 'coffee'], status: 'DRAFT' } as const;
/** Largest image upload. */
export const STORY_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const storyTooLong = (field: keyof typeof STORY_LIMITS) =>
  StoryMessages.tooLong.replace('{label}', STORY_LABELS[field]).replace('{max}', STORY_LIMITS[field].toLocaleString('en-US'));

/**
 * Whether a text could be read as a story's id: hex digits and hyphens holding as many digits as
 * a UUID nearly does (with or without its hyphens, numbered "-2" variants included). A slug never
 * looks so, and a lookup reads such an argument as an id only (`storyKey`).
 */
export const looksLikeStoryId = (s: string) => /^[0-9a-f-]+$/i.test(s) && s.replace(/-/g, '').length >= 24;

/** Letters that do not decompose into a base letter and accents, written as English readers spell them. */
const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Latin letters with accents as their plain letters ("pastéis" → "pasteis"), before seed 002's slug rule (the contract's decision). */
function toAscii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþı]/g, (c) => LIGATURES[c] ?? c);
}

/**
 * The title's slug, the one rule for creating and editing: lower case, each run of other
 * characters a hyphen, no hyphen at either end; a title that would give an id-shaped slug (such
 * as another story's UUID) gets "story-" in front, so it can never take over that story's address.
 */
export function slugify(title: string): string {
  const base =
    toAscii(title.toLowerCase())
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'story';
  return looksLikeStoryId(base) ? `story-${base}` : base;
}

/**
 * What `story/{slugOrId}` looks up: an id-shaped argument by id only (null when it is no UUID:
 * it names nothing), anything else by slug only.
 */
export const storyKey = (slugOrId: string): { id: string } | { slug: string } | null =>
  looksLikeStoryId(slugOrId) ? (isUuid(slugOrId) ? { id: slugOrId.toLowerCase() } : null) : { slug: slugOrId };

/** The banned word found in the text, if any. */
export const hasBannedWord = (text: string) => BANNED_WORDS.some((w) => text.toLowerCase().includes(w));
