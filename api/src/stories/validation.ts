import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { parseInput } from '../platform/validation.js';
import { ValidationError } from '../platform/errors.js';
import { MONTHS, STORY_MAX_ITEMS, STORY_MAX_SECTIONS, StoryMessages as M, hasBannedWord } from './messages.js';
import { imageUrl, limited, optionalText, StoryFieldsSchema, trimmed } from './storyFields.js';

export const STORY_STATUSES = ['DRAFT', 'PUBLISHED', 'HIDDEN'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];
export const SECTION_TYPES = ['TEXT', 'PLACES', 'FAVORITES', 'BEST_TIME'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

/**
 * What a text section's body may hold: the rich-text editor's own marks and blocks. Anything
 * else (scripts, styles, event handlers, images from elsewhere) is dropped on save, so what is
 * stored is safe to render as it is.
 */
const BODY_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'a', 'hr'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
  disallowedTagsMode: 'discard',
};
// The transform's attributes must survive the filter that runs after it.
BODY_POLICY.allowedAttributes = { a: ['href', 'rel', 'target'] };

/** A body as stored: sanitised HTML, or '' when nothing readable is left. */
export function sanitizeBody(html: string): string {
  const clean = sanitizeHtml(html, BODY_POLICY).trim();
  return sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim() === '' ? '' : clean;
}

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

const item = z.object({ name: z.preprocess(trimmed, limited('name')), note: optionalText('note'), imageUrl: imageUrl.optional() });
const items = z.array(item, { error: M.notText }).max(STORY_MAX_ITEMS, M.tooManyItems.replace('{max}', String(STORY_MAX_ITEMS)));
/** An item with neither name nor note is an empty row of the form: dropped, not refused. */
const dropEmptyItems = (v: unknown) =>
  Array.isArray(v)
    ? v.filter((i) => !(i && typeof i === 'object' && !trimmed((i as { name?: unknown }).name) && !trimmed((i as { note?: unknown }).note)))
    : (v ?? []);

const TextContent = z.object({
  heading: optionalText('heading'),
  body: z.preprocess((v) => (typeof v === 'string' ? sanitizeBody(v) : (v ?? '')), limited('body')),
});
const PlacesContent = z.object({ title: optionalText('heading'), items: z.preprocess(dropEmptyItems, items) });
const FavoritesContent = z.object({
  title: optionalText('heading'),
  lists: z
    .array(z.object({ title: optionalText('heading'), items: z.preprocess(dropEmptyItems, items) }), { error: M.notText })
    .max(STORY_MAX_SECTIONS, M.tooManySections.replace('{max}', String(STORY_MAX_SECTIONS))),
});
/** Months in any case and order, repeats allowed: stored once each, in calendar order. */
const months = z.preprocess(
  (v) => (Array.isArray(v) ? v.map((m) => (typeof m === 'string' ? m.trim().charAt(0).toUpperCase() + m.trim().slice(1).toLowerCase() : m)) : (v ?? [])),
  z.array(z.enum(MONTHS, { error: M.invalidMonth }), { error: M.invalidMonth }).transform((list) => MONTHS.filter((m) => list.includes(m))),
);
const BestTimeContent = z.object({ title: optionalText('heading'), months, note: optionalText('note') });
const CONTENT = { TEXT: TextContent, PLACES: PlacesContent, FAVORITES: FavoritesContent, BEST_TIME: BestTimeContent } as const;

const Section = z
  .object({
    sectionType: z.preprocess(upper, z.enum(SECTION_TYPES, { error: M.invalidSectionType })),
    content: z.unknown(),
  })
  .transform((s, ctx) => {
    const parsed = CONTENT[s.sectionType].safeParse(s.content ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['content', ...issue.path] as (string | number)[] });
      return z.NEVER;
    }
    return { sectionType: s.sectionType, content: parsed.data };
  });

/** The one schema of a story as both doors save it (REST's snake_case is mapped to these names). */
export const StorySchema = StoryFieldsSchema.extend({
  status: z.preprocess((v) => upper(v ?? 'DRAFT'), z.enum(STORY_STATUSES, { error: M.invalidStatus })),
  sections: z
    .array(Section, { error: M.notText })
    .max(STORY_MAX_SECTIONS, M.tooManySections.replace('{max}', String(STORY_MAX_SECTIONS)))
    .nullish()
    .transform((v) => v ?? []),
});

export type StoryData = z.output<typeof StorySchema>;
export type StorySectionData = StoryData['sections'][number];
/** The input as either door hands it over, values not yet checked. */
export type StoryInput = { [K in keyof StoryData]?: unknown };

/**
 * Checks a story and reports every field at fault at once; then the moderation rule, which
 * blocks the save as a whole (its message is the form's, not one field's).
 */
export function validateStory(input: StoryInput): StoryData {
  const data = parseInput(StorySchema, input);
  if (hasBannedWord(`${data.title} ${data.intro ?? ''}`)) throw new ValidationError(M.moderation);
  return data;
}

export const StatusSchema = z.preprocess(upper, z.enum(STORY_STATUSES, { error: M.invalidStatus }));
