/**
 * The expense messages users read, shared by the API and the web app. The specification's own
 * ('Please enter a valid amount', 'Invalid itinerary item ID format', the notices) are word for
 * word; `{amount}`, `{total}`, `{currency}` and `{base}` are filled in by `fill`.
 */
export const ExpenseMessages = {
  titleRequired: 'Title is required.',
  invalidAmount: 'Please enter a valid amount',
  paidByRequired: 'Paid by is required.',
  dateRequired: 'Date is required.',
  invalidDate: 'Please enter dates as YYYY-MM-DD.',
  participantsRequired: 'Please select at least one participant.',
  invalidItineraryItem: 'Invalid itinerary item ID format',
  invalidSuggestedProgram: 'Invalid rewards programme.',
  invalidCurrency: 'Please choose one of the listed currencies.',
  tooManyRateLookups: 'Too many exchange-rate lookups for now. Please type the rate, or try again later.',
  invalidCategory: 'Please choose one of the listed categories.',
  invalidSplitType: 'Split type must be equal, percentage, custom or itemised.',
  itemsRequired: 'Please add at least one receipt line.',
  tooManyItems: 'A receipt may have at most {max} lines.',
  itemDescription: 'Line {line}: please describe it.',
  itemAmount: 'Line {line}: Please enter a valid amount',
  itemParticipants: 'Line {line}: please choose who shares it.',
  itemParticipantNotMember: 'Line {line}: everyone sharing it must be a member of this trip.',
  invalidTax: 'Please enter the tax as an amount of 0 or more.',
  invalidTip: 'Please enter the tip as an amount of 0 or more.',
  itemsTooLittle: 'The lines, tax and tip add up to less than the amount: {amount} more is needed.',
  itemsTooMuch: 'The lines, tax and tip add up to more than the amount: {amount} too much.',
  splitTooLittle: 'The splits add up to less than the amount: {amount} more is needed.',
  splitTooMuch: 'The splits add up to more than the amount: {amount} too much.',
  payersTooLittle: "The payers' amounts add up to less than the amount: {amount} more is needed.",
  payersTooMuch: "The payers' amounts add up to more than the amount: {amount} too much.",
  payersMissing: 'Please enter what each payer paid.',
  splitMissing: 'Please enter an amount for every participant.',
  percentageTotal: 'Percentages must add up to 100% (they add up to {total}%).',
  invalidPercentage: 'Please enter percentages as numbers from 0 to 100, with at most two decimals.',
  payerNotMember: 'The payer must be a member of this trip.',
  participantNotMember: 'Every participant must be a member of this trip.',
  itemNotOnTrip: 'That itinerary item is not on this trip.',
  itemHasExpense: 'This itinerary item already has an expense.',
  rateRequired: 'Please enter the exchange rate from {currency} to {base}.',
  invalidRate: 'Please enter a valid exchange rate (a positive number, at most 10 decimals).',
  tooLarge: 'That amount is too large: at most {max}.',
  tooLargeInBase: 'That amount is too large: at this rate it comes to more than {max}, the most an expense can hold.',
  notesTooLong: 'Notes must be at most {max} characters.',
  titleTooLong: 'Title must be at most {max} characters.',
  notFound: 'Expense not found.',
  settleSameMember: 'A payment goes from one member to another.',
  settleNotMember: 'Both people must be members of this trip.',
  settleCurrency: "Payments are recorded in the trip's currency ({base}).",
  tripIdRequired: 'tripId is required.',
  overpayment: '{name} owes {debt}: a payment of {amount} is more than that. Confirm the overpayment to record it anyway.',
  duplicatePayment: 'The same payment ({amount} from {from} to {to}) was recorded less than {minutes} minutes ago. Confirm to record it again.',
  paymentNotFound: 'Payment not found.',
  undoNotAllowed: 'Only whoever recorded the payment, the two people it names or the trip owner can undo it.',
  alreadyUndone: 'This payment was already undone.',
  // The web app's notices.
  createFailed: 'Error creating expense. Please try again.',
  // An edit that fails says so in its own words, as the checklists' item edits do.
  updateFailed: 'Error updating expense. Please try again.',
  deleteFailed: 'Error deleting expense. Please try again.',
  settleFailed: 'Error settling expense. Please try again.',
  undoFailed: 'Error undoing the payment. Please try again.',
} as const;

/** Longest texts an expense keeps; longer input is refused, never cut short. */
export const EXPENSE_LIMITS = { title: 200, notes: 2000 } as const;

/** Expense categories (default other). */
export const EXPENSE_CATEGORIES = ['FOOD', 'TRANSPORT', 'ACCOMMODATION', 'ENTERTAINMENT', 'SHOPPING', 'ACTIVITIES', 'OTHER'] as const;
export const SPLIT_TYPES = ['EQUAL', 'PERCENTAGE', 'CUSTOM', 'ITEMISED'] as const;
/** Most lines an itemised receipt holds, and the longest line description. */
export const ITEM_LIMITS = { lines: 100, description: 200 } as const;

/** Most expenses a page of the list holds. */
export const EXPENSE_PAGE_MAX = 100;
/** Exact fewest-transfers search up to this many people with a balance; greedy beyond. */
export const EXACT_SETTLE_MAX = 15;

// Placeholders are filled by the one helper every domain's messages share.
export { fill } from '../platform/fill.js';
