/**
 * A story's page reads REST, as the guides do: no Relay comes with a public page that people
 * share (issue 27: its initial JavaScript). The server renders the page with the answer of this
 * same path (web/src/prerender.tsx); the browser asks again once hydrated, as the reader, which
 * is what counts their view (the server's own reads never count one).
 */
export const storyRestPath = (slugOrId: string) => `/api/backend/story/${encodeURIComponent(slugOrId)}`;

/** A place or a favourite in a section. */
export interface StoryItemRow {
  name: string;
  note?: string | null;
  image_url?: string | null;
}

/** A section as `GET /api/backend/story/{slugOrId}` answers it: its type and its content. */
export type StorySectionRow = { id: string } & (
  | { section_type: 'text'; content: { heading?: string | null; body?: string | null } }
  | { section_type: 'places'; content: { title?: string | null; items?: StoryItemRow[] } }
  | { section_type: 'favorites'; content: { title?: string | null; lists?: { title?: string | null; items?: StoryItemRow[] }[] } }
  | { section_type: 'best_time'; content: { title?: string | null; months?: string[]; note?: string | null } }
);

export interface StoryRow {
  id: string;
  author_id: string;
  author_name: string;
  title: string;
  city: string;
  intro: string | null;
  tags: string[];
  status: 'draft' | 'published' | 'hidden';
  cover_url: string | null;
  view_count: number;
  published_at: string | null;
}

export interface StoryPage {
  story: StoryRow;
  sections: StorySectionRow[];
}

export const pickStoryPage = (body: unknown) => body as StoryPage;
