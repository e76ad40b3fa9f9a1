/** Page sizes of the friends screen (shared with the route's loader in routes.tsx). */
export const FRIENDS_PAGE_SIZE = 20;
export const REQUESTS_PAGE_SIZE = 20;
/** Seed 000 §9: after adding or changing friends the list is refreshed again after 500 ms. */
export const FRIEND_LIST_REFRESH_MS = 500;

/** The route's query variables (the first page of each list). */
export const friendsPageVariables = () => ({ count: FRIENDS_PAGE_SIZE, requestCount: REQUESTS_PAGE_SIZE });
