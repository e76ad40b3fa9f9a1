/**
 * The friends screen's words, and ours where the
 * specification is silent. Shared by the API and the web app, so both read the same.
 */
export const FriendMessages = {
  emailRequired: 'Please enter an email address.',
  notYourself: 'You cannot send a friend request to yourself.',
  noSuchUser: 'No user found with that email address.',
  invalidEmail: 'Please enter a valid email address.',
  hasAccount: 'This address already has an account: send them a friend request instead.',
  joinInviteSent: 'Invitation sent! You will be friends as soon as they join.',
  joinInviteMailFailed: 'The invitation could not be e-mailed. Please try again.',
  alreadyFriends: 'You are already friends with this person.',
  theyAlreadyAsked: 'This person already sent you a friend request. Accept it under Pending Requests.',
  alreadyPending: 'A friend request is already pending.',
  messageTooLong: 'Your message is too long (500 characters at most).',
  requestSent: 'Friend request sent successfully!',
  requestNotFound: 'Friend request not found.',
  notPending: 'This friend request is no longer pending.',
  onlyRecipientAccepts: 'Only the person who received this friend request can accept it.',
  onlySenderCancels: 'Only the person who sent this friend request can cancel it.',
  notFriends: 'This person is not in your friends list.',
  // Client-side notices of the catalogue.
  addFailed: 'Failed to add friend. Please try again.',
  acceptFailed: 'Failed to accept friend request. Please try again.',
  rejectFailed: 'Failed to reject friend request. Please try again.',
  removeFailed: 'Failed to remove friend. Please try again.',
  removeConfirm: 'This will not affect your trip memberships.',
  noFriends: 'No friends yet!',
  noPendingRequests: 'No pending requests!',
  waiting: 'Waiting for their response',
} as const;

export const FRIEND_REQUEST_MESSAGE_MAX = 500;
