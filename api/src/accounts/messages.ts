/**
 * Every user-facing message of the account flows, worded as the specification's error
 * catalogues say or, where it is silent, as ours. Shared by the
 * API and the web app so the browser's early checks and the server's answers read the same.
 */
export const AccountMessages = {
  passwordsDiffer: 'Passwords do not match',
  namesRequired: 'First and last name are required',
  locationRequired: 'City and state are required for location-based recommendations',
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  invalidPreference: 'Please choose from the listed travel preferences.',
  preferencesIncomplete: 'Please answer every travel preference question, or skip them for now.',
  invalidCountry: 'Please choose a country from the list.',
  signupSuccess: 'Account created successfully! Please check your email for verification before signing in.',
  invalidCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Please verify your email address before signing in. Check your inbox for the verification link, or request a new one.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  resetSent: 'Password reset email sent! Check your inbox and click the link to reset your password.',
  invalidResetLink: 'Invalid or expired reset link. Please request a new password reset.',
  passwordUpdated: 'Password updated successfully! Redirecting to sign in...',
  verificationResent: 'If that address has an account waiting for verification, a new link is on its way.',
  invalidRefreshToken: 'Your session has expired. Please sign in again.',
  invalidAccessToken: 'Your session has expired or is invalid. Please sign in again.',
  profileUpdated: 'Profile updated',
  emailInUse: 'Another account already uses this email address.',
  currentPasswordRequired: 'Enter your current password to change your email address.',
  currentPasswordWrong: 'Your current password is not correct.',
  emailChangeSent: 'Profile updated. Open the link we sent to your new address to start using it.',
  emailChangeCancelled: 'Email change cancelled. You keep signing in with your current address.',
  profileUpdateFailed: 'Failed to update profile',
  unexpected: 'An unexpected error occurred. Please try again.',
  notSignedIn: 'You must be signed in.',
} as const;
