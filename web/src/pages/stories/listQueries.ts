import { BLOG_LIMIT, LANDING_LIMIT } from '../../platform/domain';

/**
 * The public story lists' reads: REST, no Relay, so /blog and /stories stay within a phone's
 * budget of initial JavaScript (issue 27). The server renders both pages with the answers of
 * these same paths (web/src/prerender.tsx), so the browser starts from them (platform/restData.ts).
 */
export const storiesPath = (limit: number) => `/api/backend/stories?limit=${limit}`;
export const BLOG_PATH = storiesPath(BLOG_LIMIT);
export const STORIES_PATH = storiesPath(LANDING_LIMIT);

/** A published story as `GET /api/backend/stories` answers it: what a list's card shows. */
export interface StoryListRow {
  id: string;
  title: string;
  city: string;
  slug: string | null;
  cover_url: string | null;
  tags: string[];
  updated_at: string;
}

export const pickStories = (body: unknown) => (body as { stories: StoryListRow[] }).stories;

/** How many guide cards the stories landing shows. */
export const LANDING_GUIDES = 3;

/**
 * A date as the same words on the server and in every browser ("Nov 25, 2026", the UTC day): a
 * server-rendered page hydrates only if the browser's first render matches it character for character.
 */
export const listDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The same, with the month in full ("November 25, 2026"): a story page's date line. */
export const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
