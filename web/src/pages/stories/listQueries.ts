import { BLOG_LIMIT, LANDING_LIMIT } from '../../platform/domain';

/**
 * The variables of the public story lists' queries. The server renders /blog and /stories with
 * the data of these same queries (web/src/prerender.tsx), so the browser finds it in its store.
 */
export const BLOG_VARIABLES = { first: BLOG_LIMIT };
export const STORIES_VARIABLES = { first: LANDING_LIMIT };

/** How many guide cards the stories landing shows. */
export const LANDING_GUIDES = 3;

/**
 * A date as the same words on the server and in every browser ("Nov 25, 2026", the UTC day): a
 * server-rendered page hydrates only if the browser's first render matches it character for character.
 */
export const listDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The same, with the month in full ("November 25, 2026"): a story page's date line. */
export const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
