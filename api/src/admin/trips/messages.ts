/**
 * What the trips, expenses and checklists tabs of the console say, shared by the API and the web
 * app. The successes, failures and confirmations are the product's own wording.
 */
export const AdminTripMessages = {
  tripUpdated: 'Trip updated successfully!',
  tripCancelled: 'Trip cancelled successfully!',
  tripCreated: 'Trip created successfully!',
  alreadyCancelled: 'This trip is already cancelled.',
  ownerRequired: 'Please choose the owner by their e-mail address.',
  ownerNotFound: 'No user has that e-mail address.',
  confirmCancel: 'Are you sure you want to cancel this trip? All members will be notified. This action cannot be undone.',
  accessDeniedTitle: 'Access Denied',
  accessDeniedTrips: "You don't have permission to access the trip management dashboard.",
  accessDeniedContact: 'Contact an administrator if you believe this is an error.',
  noTrips: 'No trips match your filters',
  tripCancelledTitle: 'Trip cancelled',
} as const;

export const AdminExpenseMessages = {
  expenseUpdated: 'Expense updated successfully!',
  expenseDeleted: 'Expense deleted successfully!',
  confirmDelete: 'Are you sure you want to delete this expense? This action cannot be undone.',
  fetchExpenses: 'Failed to fetch expenses',
  fetchSplits: 'Failed to fetch expense splits',
  fetchSettlements: 'Failed to fetch expense settlements',
  noExpenses: 'No expenses found',
  noSplits: 'No expense splits found',
  noSettlements: 'No settlements found',
} as const;

export const AdminChecklistMessages = {
  checklistUpdated: 'Checklist updated successfully!',
  checklistDeleted: 'Checklist deleted successfully!',
  titleRequired: 'Title is required.',
  titleUnchanged: 'Please enter a new title: it is the same as before.',
  confirmDelete: 'Are you sure you want to delete this checklist? This will also delete all its items. This action cannot be undone.',
  fetchChecklists: 'Failed to fetch checklists',
  fetchItems: 'Failed to fetch checklist items',
  noChecklists: 'No checklists found',
  noItems: 'No checklist items found',
} as const;

/** The trips tab's status filter: derived from the dates (cancelled is stored). */
export const ADMIN_TRIP_STATUSES = ['all', 'upcoming', 'ongoing', 'completed', 'cancelled'] as const;
export type AdminTripStatus = (typeof ADMIN_TRIP_STATUSES)[number];

/** The items sub-tab's status filter. */
export const ADMIN_ITEM_STATUSES = ['all', 'completed', 'overdue', 'pending'] as const;
export type AdminItemStatus = (typeof ADMIN_ITEM_STATUSES)[number];
