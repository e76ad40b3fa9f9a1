/**
 * The API's browser-safe domain modules, shared so the web app never keeps its own copy of a
 * choice list or a message. (Vite also knows these as `@domain/...`; the relative path keeps
 * plain `tsc` happy without a paths mapping.)
 */
export * from '../../../api/src/accounts/preferences';
export { AccountMessages } from '../../../api/src/accounts/messages';
export { TripMessages, BudgetMessages, TRIP_CURRENCIES, TRIP_LIMITS } from '../../../api/src/trips/messages';
export * from '../../../api/src/trips/timing';
export { FriendMessages, FRIEND_REQUEST_MESSAGE_MAX } from '../../../api/src/friends/messages';
export { PLACE_SEARCH } from '../../../api/src/places/types';
export * from '../../../api/src/accounts/accountFields';
export { ItineraryMessages, withDate } from '../../../api/src/itinerary/messages';
export { ExpenseMessages, EXPENSE_CATEGORIES, EXPENSE_LIMITS, fill } from '../../../api/src/expenses/messages';
export { formatMoneyDecimal } from '../../../api/src/platform/money';
