import { z } from 'zod';
import { SIGNUP_COUNTRIES } from '../../accounts/preferences.js';
import { AccountMessages } from '../../accounts/messages.js';
import { ValidationError, type FieldError } from '../../platform/errors.js';

/** What the edit modal sends: names required, city and state optional, a country of the one list. */
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

/** Every field at fault at once, as the form shows them. */
export function validateAdminUserEdit(raw: {
  firstName?: unknown;
  lastName?: unknown;
  city?: unknown;
  state?: unknown;
  country?: unknown;
  countryOther?: unknown;
}): AdminUserEdit {
  const errors: FieldError[] = [];
  const firstName = text(raw.firstName).slice(0, 100);
  const lastName = text(raw.lastName).slice(0, 100);
  if (!firstName) errors.push({ field: 'firstName', message: AccountMessages.namesRequired });
  if (!lastName) errors.push({ field: 'lastName', message: AccountMessages.namesRequired });
  const country = optional(raw.country, 10);
  if (country && !(SIGNUP_COUNTRIES as readonly string[]).includes(country)) errors.push({ field: 'country', message: AccountMessages.invalidCountry });
  const countryOther = country === 'OTHER' ? optional(raw.countryOther, 100) : null;
  if (country === 'OTHER' && !countryOther) errors.push({ field: 'countryOther', message: AccountMessages.countryOtherRequired });
  if (errors.length) throw new ValidationError(errors[0]!.message, errors[0]!.field, errors);
  return { firstName, lastName, city: optional(raw.city, 100), state: optional(raw.state, 100), country, countryOther };
}
