/** What the wishlist says to people (shared with the web app through platform/domain.ts). */
export const WISHLIST_KINDS = ['destination', 'guide', 'hotel', 'plan', 'place'] as const;
export type WishlistKind = (typeof WISHLIST_KINDS)[number];

export const WISHLIST_LIMITS = { items: 500, text: 200, url: 2000 } as const;

export const WishlistMessages = {
  saved: 'Saved to your wishlist.',
  removed: 'Removed from your wishlist.',
  notFound: 'Wishlist item not found.',
  full: `Your wishlist holds ${WISHLIST_LIMITS.items} items. Remove some to save more.`,
  kindInvalid: 'Unknown kind of wishlist item.',
  keyRequired: 'Which item to save is required.',
  titleRequired: 'Title is required.',
  tooLong: `Must be at most ${WISHLIST_LIMITS.text} characters.`,
  urlInvalid: 'Must be a path of this site or an http(s) address.',
  saveFailed: 'Could not save to your wishlist. Please try again.',
} as const;
