/** The trips and invitations messages users read, shared by the API and the web app. */
export const TripMessages = {
  notSignedIn: 'You must be signed in.',
  nameRequired: 'Trip name is required.',
  nameTooLong: 'Trip name must be at most 120 characters.',
  descriptionTooLong: 'Description must be at most 2,000 characters.',
  destinationTooLong: 'Destination must be at most 200 characters.',
  destinationDescriptionTooLong: 'Destination must be at most 400 characters.',
  invalidCoordinates: "The destination's coordinates are not valid.",
  dateOrder: 'Start date must be before or equal to end date.',
  invalidDate: 'Please enter dates as YYYY-MM-DD.',
  invalidBudget: 'Budget must be a number of at least 0 with at most two decimals.',
  invalidCurrency: 'Please choose one of the listed currencies.',
  currencyFixed: "The currency can't change once the trip has expenses or payments.",
  createFailed: 'Failed to create trip',
  notFound: 'Trip not found.',
  notMember: 'You are not a member of this trip.',
  onlyOwnerDelete: 'Only the trip owner can delete this trip.',
  onlyOwnerEdit: 'Only the trip owner can edit this trip.',
  ownerCannotLeave: 'The owner cannot leave the trip. Delete it instead.',
  deleteFailed: 'Failed to delete trip. Please try again.',
  inviteSignedOut: 'You must be signed in to send invites.',
  friendInviteSignedOut: 'You must be signed in to invite friends.',
  selectFriendOrEmail: 'Please select a friend or enter an email address.',
  selectFriend: 'Please select a friend to invite.',
  notAFriend: 'You can only invite people on your friends list this way.',
  invalidEmail: 'Please enter a valid email address.',
  inviteSelf: 'You are already on this trip.',
  alreadyMember: 'This person is already a member of this trip.',
  alreadyInvited: 'An invitation is already pending for this email.',
  checkFailed: 'Failed to verify email. Please try again.',
  saveFailed: 'Failed to save invitation. Please try again.',
  mailFailed: 'Invitation created but email failed to send.',
  friendInviteFailed: 'Failed to invite friend',
  acceptFailed: 'Failed to accept invitation. Please try again.',
  declineFailed: 'Failed to decline invitation. Please try again.',
  invitationNotFound: 'Invitation not found.',
  invitationNotPending: 'This invitation is no longer pending.',
  invitationExpired: 'This invitation has expired. Ask the trip owner to invite you again.',
  invitationNotYours: 'This invitation was sent to a different email address.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

/** Currencies a trip's budget (and later its expenses) may be planned in. */
export const TRIP_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'INR', 'MXN'] as const;
export const INVITATION_TTL_DAYS = 14;

/** Longest texts a trip keeps; longer input is refused with a message, never cut short. */
export const TRIP_LIMITS = {
  name: 120,
  description: 2000,
  destinationText: 200,
  destinationDescription: 400,
  placeId: 200,
} as const;

/**
 * The budget form's messages: seed 001 sections 5 and 8; the limits' wording is the trip form's
 * (too large: `budgetTooLarge(currency)` in budgetRule.ts, as it names the currency's maximum).
 */
export const BudgetMessages = {
  invalidAmount: 'Please enter a valid budget amount',
  setFailed: 'Failed to set budget. Please try again.',
  invalidCurrency: TripMessages.invalidCurrency,
  currencyFixed: TripMessages.currencyFixed,
} as const;
