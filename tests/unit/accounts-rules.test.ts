import { describe, expect, it } from 'vitest';
import { validateSignup, parsePreferences } from '../../api/src/accounts/validation.js';
import { AccountMessages as M } from '../../api/src/accounts/messages.js';
import { ACTIVITIES, PREFERRED_DESTINATIONS, TRAVEL_STYLE, ACCOMMODATION, TRANSPORTATION } from '../../api/src/accounts/preferences.js';

const base = { email: 'a@b.co', password: 'secret1', confirm_password: 'secret1', first_name: 'A', last_name: 'B', city: 'C', state: 'D' };

describe('sign-up validation order', () => {
  it('reports the first broken rule in the documented order', () => {
    expect(() => validateSignup({ ...base, confirm_password: 'x', first_name: '', city: '' })).toThrow(M.passwordsDiffer);
    expect(() => validateSignup({ ...base, first_name: '', city: '' })).toThrow(M.namesRequired);
    expect(() => validateSignup({ ...base, city: '', email: 'bad' })).toThrow(M.locationRequired);
    expect(() => validateSignup({ ...base, email: 'bad' })).toThrow(M.invalidEmail);
    expect(() => validateSignup({ ...base, password: '12345', confirm_password: '12345' })).toThrow(M.passwordTooShort);
  });

  it('normalises e-mail and defaults the country to US', () => {
    expect(validateSignup({ ...base, email: '  Mixed@Example.COM ' })).toMatchObject({ email: 'mixed@example.com', country: 'US' });
  });

  it('has the documented number of choices per list', () => {
    expect([PREFERRED_DESTINATIONS.length, ACTIVITIES.length, TRAVEL_STYLE.length, ACCOMMODATION.length, TRANSPORTATION.length]).toEqual([6, 8, 6, 6, 6]);
    expect(parsePreferences({ activities: ['Hiking', 'Hiking'] }).activities).toEqual(['Hiking']);
    expect(() => parsePreferences({ groupSize: '11' })).toThrow(M.invalidPreference);
  });
});
