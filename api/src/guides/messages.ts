/** What the guides domain says to people (shared with the web app through platform/domain.ts). */
export const GuideMessages = {
  notFound: 'Guide not found.',
  planNotFound: 'Choose one of this guide’s plans.',
  itineraryEmailed: 'We e-mailed you this itinerary.',
  emailFailed: 'Could not send the itinerary. Please try again.',
  tooManyEmails: 'You have asked for many itineraries in a short time. Please try again later.',
  adminOnly: 'Administrator access is required.',
  slugTaken: 'Another guide already uses this address.',
  deleteConfirm: 'Are you sure you want to delete this guide? This action cannot be undone.',
} as const;

/** The generic page every city without a stored guide gets. */
export const GENERIC_GUIDE_TITLE = 'City Guide';

/** What guide pages say about affiliate links. */
export const AFFILIATE_DISCLOSURE = 'Some links on this page are affiliate links: if you book through them we may earn a commission, at no extra cost to you.';

/** How many rows each list of a guide's page holds at most (the schema refuses more; the editor stops adding). */
export const GUIDE_LIMITS = {
  tags: 8,
  neighborhoods: 4,
  neighborhoodDetails: 8,
  neighborhoodHotels: 3,
  hotels: 6,
  activityLists: 4,
  activityItems: 8,
  dayTrips: 4,
  cards: 6,
  itineraries: 4,
  days: 14,
  tips: 8,
  budget: 3,
} as const;

/** A hotel's or a budget's price range. */
export const GUIDE_TIERS = ['budget', 'mid', 'luxury'] as const;

/** What the administrators' guide editor says. */
export const GuideEditorMessages = {
  created: 'Guide created successfully!',
  updated: 'Guide updated successfully!',
  discardConfirm: 'Discard your changes to this guide?',
} as const;

/** Why a hero image was refused: it must be a picture the product serves itself. */
export const HERO_IMAGE_ON_TRIPCREW = 'Hero image must be a picture on Tripcrew: upload one, or give a path such as /guide-images/lisbon.jpg.';

/** A path on this server (not another site's address, not a protocol-relative '//host/...'). */
export const isProductImagePath = (value: string) => /^\/(?![/\\])/.test(value);
