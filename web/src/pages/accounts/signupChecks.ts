import { AccountMessages, PASSWORD_MIN_LENGTH } from '../../platform/domain';

export interface AccountFields {
  first_name: string;
  last_name: string;
  email: string;
  city: string;
  state: string;
  country: string;
  password: string;
  confirm_password: string;
}

export const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The sign-up checks the browser makes before calling the server, in the server's order and
 * with its messages (seed 000 §5, then messages.ts). The server repeats every one of them.
 */
export function checkSignUp(fields: AccountFields): string | null {
  if (fields.password !== fields.confirm_password) return AccountMessages.passwordsDiffer;
  if (!fields.first_name.trim() || !fields.last_name.trim()) return AccountMessages.namesRequired;
  if (!fields.city.trim() || !fields.state.trim()) return AccountMessages.locationRequired;
  if (!EMAIL_FORMAT.test(fields.email.trim())) return AccountMessages.invalidEmail;
  if (fields.password.length < PASSWORD_MIN_LENGTH) return AccountMessages.passwordTooShort;
  return null;
}
