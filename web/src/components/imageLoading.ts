/**
 * How a list's pictures load. Those of the first screen are asked for with the document and
 * ahead of the scripts: one of them is usually the page's largest paint, and a lazy image waits
 * for layout before it is even requested. The rest wait until they are scrolled near.
 */

/** Cards a list shows on its first screen (three columns on a desktop, the first on a phone). */
export const FIRST_SCREEN_CARDS = 3;

export function imageLoading(firstScreen: boolean): { loading?: 'lazy'; fetchPriority?: 'high' } {
  return firstScreen ? { fetchPriority: 'high' } : { loading: 'lazy' };
}
