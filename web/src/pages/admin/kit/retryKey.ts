import { createContext, useContext } from 'react';

/** How many times the surrounding load error's Retry was pressed (see TabBoundary). */
export const RetryAttempt = createContext(0);

/**
 * The `fetchKey` of a console query. Relay keeps a query that failed, error and all, in its
 * cache for minutes, so remounting the screen would only throw the same error again: the key
 * changes with each Retry, and the query is asked of the server afresh. A screen's own refresh
 * key (a 'Refresh Data' button, say) is kept in it.
 */
export function useAdminFetchKey(own: number | string = 0): string {
  return `${own}:${useContext(RetryAttempt)}`;
}
