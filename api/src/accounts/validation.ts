import { accountFieldProblems, isEmailAddress, leadingProblem, passwordProblem, profileFieldProblems } from './accountFields.js';
import { ValidationError, type FieldError } from '../platform/errors.js';
import { AccountMessages as M } from './messages.js';
import { MULTI_CHOICE_GROUPS, SINGLE_CHOICE_GROUPS, type TravelPreferences } from './preferences.js';

export function normalizeEmail(email: unknown): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

export function checkEmail(email: string): void {
  if (!isEmailAddress(email)) throw new ValidationError(M.invalidEmail, 'email');
}

export function checkPassword(password: string, field = 'password'): void {
  const problem = passwordProblem(password);
  if (problem) throw new ValidationError(problem, field);
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const optionalText = (v: unknown) => {
  const t = text(v);
  return t === '' ? null : t.slice(0, 200);
};

/** Keeps only known choices; anything else is refused rather than silently stored. */
export function parsePreferences(raw: unknown): TravelPreferences {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const result = {} as Record<string, unknown>;
  for (const [key, choices] of Object.entries(SINGLE_CHOICE_GROUPS)) {
    const value = input[key];
    if (value == null || value === '') result[key] = null;
    else if (typeof value === 'string' && (choices as readonly string[]).includes(value)) result[key] = value;
    else throw new ValidationError(M.invalidPreference, key);
  }
  for (const [key, choices] of Object.entries(MULTI_CHOICE_GROUPS)) {
    const value = input[key] ?? [];
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && (choices as readonly string[]).includes(v)))
      throw new ValidationError(M.invalidPreference, key);
    result[key] = [...new Set(value as string[])];
  }
  return result as unknown as TravelPreferences;
}

export interface SignupInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  city: string;
  state: string;
  country: string;
  countryOther: string | null;
  preferences: TravelPreferences;
  preferencesSkipped: boolean;
  /** The invitation the person chose to accept on the public invitation page. */
  invitation: string | null;
  /** That invitation's e-mailed token: proof that the address is the signer's own. */
  invitationToken: string | null;
}

/**
 * Sign-up: every account field checked at once with the wizard's own rules (accountFields.ts),
 * the leading message in the first build's order (passwords match, names, city and state), then
 * the travel preferences.
 */
export function validateSignup(body: Record<string, unknown>): SignupInput {
  const problems = accountFieldProblems(body);
  const lead = leadingProblem(problems);
  if (lead) throw new ValidationError(lead.message, lead.field, problems);
  const country = text(body.country) || 'US';
  // Steps 2 to 4 of the wizard need every group answered unless skipped. A client that sends no
  // preferences at all skips them.
  const preferencesSkipped = body.preferences_skipped === true || body.travel_preferences == null;
  const preferences = parsePreferences(body.travel_preferences);
  if (!preferencesSkipped) {
    const unanswered =
      Object.keys(SINGLE_CHOICE_GROUPS).find((key) => !preferences[key as keyof TravelPreferences]) ??
      Object.keys(MULTI_CHOICE_GROUPS).find((key) => (preferences[key as keyof TravelPreferences] as string[]).length === 0);
    if (unanswered) throw new ValidationError(M.preferencesIncomplete, unanswered);
  }
  return {
    email: normalizeEmail(body.email),
    password: body.password as string,
    firstName: text(body.first_name),
    lastName: text(body.last_name),
    city: text(body.city),
    state: text(body.state),
    country,
    countryOther: country === 'OTHER' ? text(body.country_other) : null,
    preferences,
    preferencesSkipped,
    invitation: optionalText(body.invitation),
    invitationToken: optionalText(body.invitation_token),
  };
}

export interface ProfileInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  countryOther: string | null;
  preferences: TravelPreferences;
}

const phoneSchema = /^[+()\d\s.-]{5,30}$/;

export function validateProfile(input: {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  phone?: unknown;
  city?: unknown;
  state?: unknown;
  country?: unknown;
  countryOther?: unknown;
  travelPreferences?: unknown;
}): ProfileInput {
  const blankIsNull = (v: unknown) => text(v) || null;
  // The profile rule shared with sign-up, the settings form and the admin's edit (accountFields.ts).
  const fields = {
    firstName: text(input.firstName),
    lastName: text(input.lastName),
    city: blankIsNull(input.city),
    state: blankIsNull(input.state),
    country: blankIsNull(input.country),
    countryOther: null as string | null,
  };
  // Other keeps the country's name as typed (never shown as the code).
  fields.countryOther = fields.country === 'OTHER' ? blankIsNull(input.countryOther) : null;
  const shared = profileFieldProblems(fields);
  const email = normalizeEmail(input.email);
  const phone = optionalText(input.phone);
  // In the form's order: names, email, phone, then the place fields.
  const problems: FieldError[] = shared.filter((p) => p.field === 'firstName' || p.field === 'lastName');
  if (!isEmailAddress(email)) problems.push({ field: 'email', message: M.invalidEmail });
  if (phone && !phoneSchema.test(phone)) problems.push({ field: 'phone', message: M.invalidPhone });
  problems.push(...shared.filter((p) => p.field !== 'firstName' && p.field !== 'lastName'));
  if (problems.length) throw new ValidationError(problems[0]!.message, problems[0]!.field, problems);
  return { ...fields, email, phone, preferences: parsePreferences(input.travelPreferences) };
}
