/**
 * The users tab's words (shared with the web app through web/src/platform/domain.ts), and ours
 * where the specification is silent.
 */
export const AdminUserMessages = {
  updated: 'User updated successfully!',
  deleted: 'User deleted successfully!',
  /** 'Failed to <action>: {server message}' labels. */
  updateAction: 'update user',
  deleteAction: 'delete user',
  deleteConfirm: 'Are you sure you want to delete this user? This action cannot be undone.',
  deleteConsequences:
    'Their account and personal data are removed; trips they own pass to their longest-standing member (or are deleted when there is none); their expenses and settlements stay under "Deleted user".',
  notFound: 'User not found.',
  notYourself: 'You cannot delete your own account from the admin console; use Settings instead.',
  noUsers: 'No users match your filters',
  loadError: 'user',
} as const;

/** The users tab's country filter and edit form offer the one sign-up list (accounts/preferences.ts). */
export { SIGNUP_COUNTRIES as ADMIN_USER_COUNTRIES } from '../../accounts/preferences.js';

/** 'Active users': accounts created within this many hours. */
export const ACTIVE_USER_WINDOW_HOURS = 720;
