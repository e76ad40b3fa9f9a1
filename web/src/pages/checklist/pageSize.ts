/**
 * Checklists per page of a trip: enough for any real trip, a longer list pages with 'Load more'.
 * Its own module so the route table imports no Relay code.
 */
export const CHECKLISTS_PAGE = 50;
