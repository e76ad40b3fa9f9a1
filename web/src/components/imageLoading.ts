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

/**
 * Pictures' intrinsic sizes, given to <img> so the browser reserves their box before the bytes
 * arrive (the stylesheets set the shown size; these give the shape). The guides' pictures are
 * files of the app (web/public/guide-images, 1200 × 630); story covers are shown 16:9.
 */
export const GUIDE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const COVER_SIZE = { width: 1200, height: 675 } as const;
