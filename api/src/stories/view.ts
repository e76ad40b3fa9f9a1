import type { Prisma } from '../generated/prisma/client.js';
import { sanitizeBody, type SectionType, type StoryStatus } from './validation.js';

/** The columns every reading of a story takes, with its author's name (one statement, joined). */
export const STORY_SELECT = {
  id: true,
  authorId: true,
  title: true,
  city: true,
  intro: true,
  tags: true,
  status: true,
  slug: true,
  coverUrl: true,
  viewCount: true,
  publishedAt: true,
  createdAt: true,
  updatedAt: true,
  author: { select: { firstName: true, lastName: true } },
} as const satisfies Prisma.StorySelect;

export const SECTIONS_SELECT = {
  sections: { orderBy: { orderIndex: 'asc' }, select: { id: true, sectionType: true, orderIndex: true, content: true } },
} as const satisfies Prisma.StorySelect;

export interface StorySectionView {
  id: string;
  sectionType: SectionType;
  orderIndex: number;
  content: Record<string, unknown>;
}

export interface StoryView {
  id: string;
  authorId: string;
  title: string;
  city: string;
  intro: string | null;
  tags: string[];
  status: StoryStatus;
  slug: string;
  coverUrl: string | null;
  viewCount: number;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The author's first name and last initial: what a public page shows of them. */
  authorName: string;
  /** Present when read with its sections, in order. */
  sections?: StorySectionView[];
}

type Row = Prisma.StoryGetPayload<{ select: typeof STORY_SELECT }> & {
  sections?: { id: string; sectionType: SectionType; orderIndex: number; content: unknown }[];
};

/**
 * A section's content as read. A text body was sanitised when saved through the service; it is
 * sanitised again here so that rows written any other way (the demo seed, an older build, a
 * hand-run fix) are just as safe to render.
 */
function readContent(type: SectionType, content: unknown): Record<string, unknown> {
  const c = (content && typeof content === 'object' && !Array.isArray(content) ? content : {}) as Record<string, unknown>;
  return type === 'TEXT' && typeof c.body === 'string' ? { ...c, body: sanitizeBody(c.body) } : c;
}

export function storyViewOf(row: Row): StoryView {
  const { author, sections, ...story } = row;
  const initial = author.lastName.trim().charAt(0);
  return {
    ...story,
    authorName: [author.firstName.trim(), initial ? `${initial}.` : ''].filter(Boolean).join(' ') || 'Unknown Author',
    sections: sections?.map((s) => ({ ...s, content: readContent(s.sectionType, s.content) })),
  };
}
