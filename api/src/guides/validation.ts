import { z } from 'zod';
import { GuideContentSchema } from './content.js';

/** An administrator's edit of a guide: the heading fields and, optionally, the whole page. */
export const GuideEditInput = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Address is required.')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Address: use lower-case letters, digits and hyphens.')
    .max(80, 'Address: at most 80 characters.'),
  title: z.string().trim().min(1, 'Title is required.').max(160, 'Title: at most 160 characters.'),
  city: z.string().trim().min(1, 'City is required.').max(120, 'City: at most 120 characters.'),
  country: z.string().trim().min(1, 'Country is required.').max(120, 'Country: at most 120 characters.'),
  // An emptied text is stored as none (the page then leaves it out), not as ''.
  description: z
    .string()
    .trim()
    .max(500, 'Summary: at most 500 characters.')
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  author: z
    .string()
    .trim()
    .max(120, 'Author: at most 120 characters.')
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  content: GuideContentSchema.optional(),
});
export type GuideEdit = z.input<typeof GuideEditInput>;
