/** The friends tab's words (shared with the web app), and ours where the specification is silent. */
export const AdminFriendMessages = {
  title: 'Friends & Social Analytics',
  removed: 'Friendship removed successfully!',
  approved: 'Friend request approved successfully!',
  rejected: 'Friend request rejected successfully!',
  removeConfirm: 'Are you sure you want to remove this friendship? This action cannot be undone.',
  friendshipNotFound: 'Friendship not found.',
  /** 'Failed to <action>: {server message}' labels. */
  removeAction: 'remove friendship',
  approveAction: 'approve friend request',
  rejectAction: 'reject friend request',
  fetchFriendsFailed: 'Failed to fetch friends',
  fetchRequestsFailed: 'Failed to fetch friend requests',
  noFriendships: 'No friendships found',
  noRequests: 'No friend requests found',
  loadError: 'friends',
} as const;

export const FRIEND_REQUEST_STATUS_FILTERS = ['pending', 'accepted', 'rejected', 'cancelled'] as const;
