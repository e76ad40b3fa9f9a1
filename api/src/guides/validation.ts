import { z } from 'zod';
import { GuideContentSchema } from './content.js';

/** An administrator's edit of a guide: the heading fields and, optionally, the whole page. */
export const GuideEditInput = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and hyphens.')
    .max(80),
  title: z.string().trim().min(1, 'Title is required.').max(160),
  city: z.string().trim().min(1, 'City is required.').max(120),
  country: z.string().trim().min(1, 'Country is required.').max(120),
  description: z.string().trim().max(500).nullish(),
  author: z.string().trim().max(120).nullish(),
  content: GuideContentSchema.optional(),
});
export type GuideEdit = z.input<typeof GuideEditInput>;
