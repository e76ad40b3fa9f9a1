import { z } from 'zod';
import { profileFieldProblems } from '../../accounts/accountFields.js';
import { ValidationError, type FieldError } from '../../platform/errors.js';

/** An account's editable fields: names required, city and state optional, a country of the one list. */
export interface AdminUserEdit {
  firstName: string;
  lastName: string;
  city: string | null;
  state: string | null;
  country: string | null;
  countryOther: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The REST body's shape (types only; the rules are `validateAdminUserEdit`'s). */
export const adminUserEditBody = z.object({
  first_name: z.string().max(1000).optional().nullable(),
  last_name: z.string().max(1000).optional().nullable(),
  city: z.string().max(1000).optional().nullable(),
  state: z.string().max(1000).optional().nullable(),
  country: z.string().max(100).optional().nullable(),
  country_other: z.string().max(1000).optional().nullable(),
});

/** The user as stored, for the fields an edit leaves out. */
export type AdminUserCurrent = AdminUserEdit;

/**
 * Every field at fault at once, as the form shows them. A partial update: a field absent from
 * the input (undefined) keeps its stored value; null or blank clears it where the rules allow
 * (city, state, country; never a name). The country's name for OTHER is kept while the country
 * stays OTHER and dropped when it changes.
 */
export function validateAdminUserEdit(
  raw: {
    firstName?: unknown;
    lastName?: unknown;
    city?: unknown;
    state?: unknown;
    country?: unknown;
    countryOther?: unknown;
  },
  current: AdminUserCurrent,
): AdminUserEdit {
  const keep = <T>(value: unknown, stored: T, read: (v: unknown) => T) => (value === undefined ? stored : read(value));
  const blankIsNull = (v: unknown) => text(v) || null;
  const country = keep(raw.country, current.country, blankIsNull);
  const keptOther = current.country === 'OTHER' ? current.countryOther : null;
  const edit: AdminUserEdit = {
    firstName: keep(raw.firstName, current.firstName, text),
    lastName: keep(raw.lastName, current.lastName, text),
    city: keep(raw.city, current.city, blankIsNull),
    state: keep(raw.state, current.state, blankIsNull),
    country,
    countryOther: country !== 'OTHER' ? null : keep(raw.countryOther, keptOther, blankIsNull),
  };
  // The profile rule shared with sign-up and the settings page (accountFields.ts): too long is refused, never cut.
  const errors: FieldError[] = profileFieldProblems(edit, raw.country !== undefined);
  if (errors.length) throw new ValidationError(errors[0]!.message, errors[0]!.field, errors);
  return edit;
}
