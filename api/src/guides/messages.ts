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
