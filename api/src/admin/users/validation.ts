import { z } from 'zod';
import { SIGNUP_COUNTRIES } from '../../accounts/preferences.js';
import { AccountMessages } from '../../accounts/messages.js';
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
const optional = (v: unknown, max: number) => text(v).slice(0, max) || null;

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
  const errors: FieldError[] = [];
  const firstName = raw.firstName === undefined ? current.firstName : text(raw.firstName).slice(0, 100);
  const lastName = raw.lastName === undefined ? current.lastName : text(raw.lastName).slice(0, 100);
  if (!firstName) errors.push({ field: 'firstName', message: AccountMessages.namesRequired });
  if (!lastName) errors.push({ field: 'lastName', message: AccountMessages.namesRequired });
  const country = raw.country === undefined ? current.country : optional(raw.country, 10);
  if (raw.country !== undefined && country && !(SIGNUP_COUNTRIES as readonly string[]).includes(country)) {
    errors.push({ field: 'country', message: AccountMessages.invalidCountry });
  }
  const keptOther = current.country === 'OTHER' ? current.countryOther : null;
  const countryOther = country !== 'OTHER' ? null : raw.countryOther === undefined ? keptOther : optional(raw.countryOther, 100);
  if (country === 'OTHER' && !countryOther) errors.push({ field: 'countryOther', message: AccountMessages.countryOtherRequired });
  if (errors.length) throw new ValidationError(errors[0]!.message, errors[0]!.field, errors);
  return {
    firstName,
    lastName,
    city: raw.city === undefined ? current.city : optional(raw.city, 100),
    state: raw.state === undefined ? current.state : optional(raw.state, 100),
    country,
    countryOther,
  };
}
