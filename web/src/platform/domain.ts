/**
 * The API's browser-safe domain modules, shared so the web app never keeps its own copy of a
 * choice list or a message. (Vite also knows these as `@domain/...`; the relative path keeps
 * plain `tsc` happy without a paths mapping.)
 *
 * Only light modules belong here: every page, the landing page included, loads this chunk. Rules
 * that need zod or luxon are shared through ./rules.ts, which only the forms using them load.
 */
export * from './accountRules';
export { TripMessages, BudgetMessages, TRIP_CURRENCIES, TRIP_LIMITS } from '../../../api/src/trips/messages';
export { ON_TRIP_STATUSES, isOnTrip, TripMemberStatus } from '../../../api/src/trips/memberStatus';
export * from '../../../api/src/trips/timing';
export { FriendMessages, FRIEND_REQUEST_MESSAGE_MAX } from '../../../api/src/friends/messages';
export { PLACE_SEARCH } from '../../../api/src/places/types';
export { ItineraryMessages, returnLegTitle, withDate } from '../../../api/src/itinerary/messages';
export { ChecklistMessages, CHECKLIST_CATEGORIES, CHECKLIST_LIMITS, DEFAULT_CHECKLIST_CATEGORY } from '../../../api/src/checklists/messages';
export { isOverdue } from '../../../api/src/checklists/rules';
export { CHECKLIST_TEMPLATES, CHECKLIST_TEMPLATE_KINDS } from '../../../api/src/checklists/templates';
export { PhotoMessages, PHOTO_LIMITS, fill as fillPhotoMessage, formatDuration, megabytes } from '../../../api/src/photos/messages';
export type { GuideContent, GuidePrice } from '../../../api/src/guides/content';
export {
  GuideMessages,
  GuideEditorMessages,
  GUIDE_LIMITS,
  GUIDE_TIERS,
  GENERIC_GUIDE_TITLE,
  AFFILIATE_DISCLOSURE,
  HERO_IMAGE_ON_TRIPCREW,
  isProductImagePath,
} from '../../../api/src/guides/messages';
export * from '../../../api/src/wishlist/messages';
export * from '../../../api/src/feedback/messages';
export { DESTINATIONS, EXPLORE_CATEGORIES, usualWeather, type Destination, type ExploreCategory } from '../../../api/src/explore/destinations';
export { ReservationMessages, RESERVATION_LIMITS, SUPPORTED_SOURCES } from '../../../api/src/reservations/messages';
export * from '../../../api/src/stories/messages';
export { ExpenseMessages, EXPENSE_CATEGORIES, EXPENSE_LIMITS, fill } from '../../../api/src/expenses/messages';
export { formatMoneyDecimal } from '../../../api/src/platform/money';
export { apportion, parseMoney, parseRate } from '../../../api/src/platform/money';
export * from '../../../api/src/expenses/splitRules';
export { AdminUserMessages, ADMIN_USER_COUNTRIES, ACTIVE_USER_WINDOW_HOURS } from '../../../api/src/admin/users/messages';
export {
  AdminNotificationMessages,
  BROADCAST_TYPES,
  BROADCAST_LIMITS,
  DEFAULT_BROADCAST_TYPE,
  NOTIFICATION_TYPE_FILTERS,
  INVITATION_STATUS_FILTERS,
} from '../../../api/src/admin/notifications/messages';
export { AdminFriendMessages } from '../../../api/src/admin/friends/messages';
export { AdminTripMessages, AdminExpenseMessages, AdminChecklistMessages } from '../../../api/src/admin/trips/messages';
export { isCalendarDate } from '../../../api/src/platform/calendarDate';
export { checkAmount, largestAmount, MONEY_COLUMN_MAX } from '../../../api/src/platform/amountRule';
export { isOverpayment, owedBy, paymentProblems } from '../../../api/src/expenses/paymentRules';
export { MemoriesMessages, WRAPPED_YEARS } from '../../../api/src/memories/messages';
export { WORLD_COUNTRIES } from '../../../api/src/memories/figures';
export { DecisionMessages, DECISION_LIMITS } from '../../../api/src/decisions/messages';
export { RewardsMessages, WALLET_LIMITS } from '../../../api/src/rewards/messages';
export { walletStatusProblems, looksLikeNumber } from '../../../api/src/rewards/walletRules';
