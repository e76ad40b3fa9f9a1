/**
 * The rules of an account's own fields (the sign-up wizard's first step), written once for the
 * server and the browser: the wizard checks a step with them before leaving it, and the server
 * checks every sign-up with them again. Pure code, safe to import from the web app.
 */
import { AccountMessages as M } from './messages.js';
import { PASSWORD_MIN_LENGTH, SIGNUP_COUNTRIES } from './preferences.js';

/** Longest values kept; longer ones are refused with a message, never cut short. */
export const ACCOUNT_LIMITS = { name: 100, place: 100, email: 254, passwordMax: 128 } as const;

/**
 * One address, one `@`, a dotted domain with a final label of two or more letters, no spaces and
 * no empty labels: what mail servers accept in practice, without the exotic forms (quoted local
 * parts, IP literals) that nobody signs up with.
 */
export const EMAIL_FORMAT =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export const isEmailAddress = (email: string) => email.length <= ACCOUNT_LIMITS.email && EMAIL_FORMAT.test(email);

/** The sign-up body's account fields, as the wizard holds them (snake_case, as the REST call sends them). */
export interface AccountFieldValues {
  first_name: string;
  last_name: string;
  email: string;
  city: string;
  state: string;
  country: string;
  /** The country typed in when `country` is OTHER. */
  country_other: string;
  password: string;
  confirm_password: string;
}

export type AccountField = keyof AccountFieldValues;

export interface AccountFieldProblem {
  field: AccountField;
  message: string;
}

/** Fields a new account must fill in (the wizard marks them). `country_other` only with OTHER. */
export const REQUIRED_ACCOUNT_FIELDS: readonly AccountField[] = [
  'first_name',
  'last_name',
  'email',
  'city',
  'state',
  'country',
  'password',
  'confirm_password',
];

/** A first or last name's problem (trimmed): required, and refused over the limit, never cut. */
export const nameProblem = (name: string): string | null => (!name ? M.namesRequired : name.length > ACCOUNT_LIMITS.name ? M.nameTooLong : null);

/** A place's problem (city, state, a typed country; trimmed): refused over the limit, never cut. */
export const placeProblem = (place: string): string | null => (place.length > ACCOUNT_LIMITS.place ? M.placeTooLong : null);

/** A profile's own fields as the settings page and the admin's edit hold them (camelCase). */
export interface ProfileFieldValues {
  firstName: string;
  lastName: string;
  city: string | null;
  state: string | null;
  country: string | null;
  countryOther: string | null;
}

export type ProfileField = keyof ProfileFieldValues;

/**
 * Every problem of a profile edit at once (the settings page, the admin's edit, and the
 * server's two services): the sign-up's name and place rules, with city, state and country
 * optional. Values are read trimmed; an unknown country is named only when `countryChanged`
 * (an admin's partial edit keeps what is stored).
 */
export function profileFieldProblems(raw: ProfileFieldValues, countryChanged = true): { field: ProfileField; message: string }[] {
  const t = (value: string | null) => (value ?? '').trim();
  const problems: { field: ProfileField; message: string }[] = [];
  for (const field of ['firstName', 'lastName'] as const) {
    const problem = nameProblem(t(raw[field]));
    if (problem) problems.push({ field, message: problem });
  }
  for (const field of ['city', 'state'] as const) {
    const problem = placeProblem(t(raw[field]));
    if (problem) problems.push({ field, message: problem });
  }
  const country = t(raw.country);
  if (country && countryChanged && !(SIGNUP_COUNTRIES as readonly string[]).includes(country)) problems.push({ field: 'country', message: M.invalidCountry });
  if (country === 'OTHER') {
    const problem = t(raw.countryOther) ? placeProblem(t(raw.countryOther)) : M.countryOtherRequired;
    if (problem) problems.push({ field: 'countryOther', message: problem });
  }
  return problems;
}

/**
 * A person's name as every screen and message shows it: first and last name, or `fallback` when
 * both are blank ('Traveler' unless the place says otherwise: 'Unknown' in lists, null in the admin's).
 */
export function displayName<F extends string | null = string>(
  u: { firstName: string | null; lastName: string | null } | null | undefined,
  fallback: F = 'Traveler' as F,
): string | F {
  return (u ? `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() : '') || fallback;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Every problem of the account fields at once, one per field, in the order the form shows them,
 * with the first build's messages (passwords that differ, missing names, missing city or state)
 * and ours for what it left to its provider. `confirm_password` is checked only when sent (a
 * program calling the API need not repeat the password).
 */
export function accountFieldProblems(raw: Partial<Record<AccountField, unknown>>): AccountFieldProblem[] {
  const v = (field: AccountField) => str(raw[field]).trim();
  const problems: AccountFieldProblem[] = [];
  const add = (field: AccountField, message: string) => problems.push({ field, message });

  for (const field of ['first_name', 'last_name'] as const) {
    const problem = nameProblem(v(field));
    if (problem) add(field, problem);
  }
  const email = v('email').toLowerCase();
  if (!email) add('email', M.emailRequired);
  else if (!isEmailAddress(email)) add('email', M.invalidEmail);
  for (const field of ['city', 'state'] as const) {
    if (!v(field)) add(field, M.locationRequired);
    else if (placeProblem(v(field))) add(field, M.placeTooLong);
  }
  const country = v('country') || 'US';
  if (!(SIGNUP_COUNTRIES as readonly string[]).includes(country)) add('country', M.invalidCountry);
  else if (country === 'OTHER') {
    if (!v('country_other')) add('country_other', M.countryOtherRequired);
    else if (placeProblem(v('country_other'))) add('country_other', M.placeTooLong);
  }
  problems.push(...newPasswordProblems(str(raw.password), raw.confirm_password == null ? null : str(raw.confirm_password)));
  return problems;
}

/** A password's length problem, or null (sign-up, reset, a change in settings). */
export const passwordProblem = (password: string): string | null =>
  password.length < PASSWORD_MIN_LENGTH ? M.passwordTooShort : password.length > ACCOUNT_LIMITS.passwordMax ? M.passwordTooLong : null;

/** A new password and its confirmation (checked only when sent), as sign-up and reset check them. */
export function newPasswordProblems(password: string, confirm: string | null): AccountFieldProblem[] {
  const problems: AccountFieldProblem[] = [];
  const problem = passwordProblem(password);
  if (problem) problems.push({ field: 'password', message: problem });
  if (confirm !== null) {
    if (!confirm) problems.push({ field: 'confirm_password', message: M.confirmPasswordRequired });
    else if (confirm !== password) problems.push({ field: 'confirm_password', message: M.passwordsDiffer });
  }
  return problems;
}

/** Settings' password change, as its form holds it (the confirmation is optional on the API). */
export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword?: string | null;
}

export interface PasswordChangeProblem {
  field: keyof PasswordChangeValues;
  message: string;
}

/**
 * A password change's problems, every field at once: the current password given, the new one by
 * the sign-up rule and different from the current one, its confirmation (when sent) the same.
 * The server runs it before it proves the current password; Settings' form runs it before sending.
 */
export function passwordChangeProblems(values: PasswordChangeValues): PasswordChangeProblem[] {
  const problems: PasswordChangeProblem[] = [];
  const { currentPassword, newPassword, confirmPassword } = values;
  if (!currentPassword) problems.push({ field: 'currentPassword', message: M.passwordChangeCurrentRequired });
  const problem = passwordProblem(newPassword);
  if (problem) problems.push({ field: 'newPassword', message: problem });
  else if (newPassword === currentPassword) problems.push({ field: 'newPassword', message: M.newPasswordSame });
  if (confirmPassword != null && confirmPassword !== newPassword) problems.push({ field: 'confirmPassword', message: M.passwordsDiffer });
  return problems;
}

/**
 * The problem a single message should name when only one can be shown (an API answer's
 * `error`): the first build's order — passwords that differ, then names, then city and state —
 * then the form's.
 */
export function leadingProblem(problems: AccountFieldProblem[]): AccountFieldProblem | undefined {
  const first = [M.passwordsDiffer, M.namesRequired, M.locationRequired] as string[];
  for (const message of first) {
    const hit = problems.find((p) => p.message === message);
    if (hit) return hit;
  }
  return problems[0];
}

const regionNames = typeof Intl !== 'undefined' && 'DisplayNames' in Intl ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

/** A stored country for reading: the typed name for OTHER (never the code), else the code's English name. */
export function countryLabel(code: string | null, other: string | null): string | null {
  if (!code) return null;
  if (code === 'OTHER') return other || null;
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}
