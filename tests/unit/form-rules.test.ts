/**
 * The rules the web's forms run before they send are the server's own: each is checked here
 * against the server's door to it, so the two cannot drift apart.
 */
import { describe, expect, it } from 'vitest';
import { newPasswordProblems, passwordChangeProblems, passwordProblem } from '../../api/src/accounts/accountFields.js';
import { AccountMessages as AM } from '../../api/src/accounts/messages.js';
import { checkPassword } from '../../api/src/accounts/validation.js';
import { ExpenseMessages as EM, fill } from '../../api/src/expenses/messages.js';
import { paymentProblems } from '../../api/src/expenses/paymentRules.js';
import { StoryMessages as SM } from '../../api/src/stories/messages.js';
import { validateStoryFields } from '../../api/src/stories/storyFields.js';
import { validateStory } from '../../api/src/stories/validation.js';
import { problemsOf } from '../../api/src/platform/validation.js';
import { consoleTripProblems } from '../../api/src/admin/trips/tripForm.js';
import { AdminTripMessages as ATM } from '../../api/src/admin/trips/messages.js';
import { TRIP_LIMITS, TripMessages as TM } from '../../api/src/trips/messages.js';

describe('a new password (sign-up, reset)', () => {
  it('says what the server says, on the same field', () => {
    for (const password of ['12345', 'x'.repeat(129), 'secret1']) {
      const server = problemsOf(checkPassword, password);
      expect(newPasswordProblems(password, null)).toEqual(server);
      expect(passwordProblem(password)).toBe(server[0]?.message ?? null);
    }
    expect(passwordProblem('x'.repeat(129))).toBe(AM.passwordTooLong);
  });

  it('checks the confirmation only when one is given', () => {
    expect(newPasswordProblems('secret1', 'secret2')).toEqual([{ field: 'confirm_password', message: AM.passwordsDiffer }]);
    expect(newPasswordProblems('secret1', '')).toEqual([{ field: 'confirm_password', message: AM.confirmPasswordRequired }]);
    expect(newPasswordProblems('secret1', 'secret1')).toEqual([]);
  });
});

describe("a password change (Settings; the server's changePassword runs the same rule)", () => {
  it('names every field at fault at once, in the form order', () => {
    expect(passwordChangeProblems({ currentPassword: '', newPassword: '123', confirmPassword: '1234' })).toEqual([
      { field: 'currentPassword', message: AM.passwordChangeCurrentRequired },
      { field: 'newPassword', message: AM.passwordTooShort },
      { field: 'confirmPassword', message: AM.passwordsDiffer },
    ]);
  });

  it('takes the sign-up rule for the new password, wants it different, and checks a confirmation only when sent', () => {
    expect(passwordChangeProblems({ currentPassword: 'old secret', newPassword: 'x'.repeat(129) })).toEqual([
      { field: 'newPassword', message: AM.passwordTooLong },
    ]);
    expect(passwordChangeProblems({ currentPassword: 'old secret', newPassword: 'old secret', confirmPassword: 'old secret' })).toEqual([
      { field: 'newPassword', message: AM.newPasswordSame },
    ]);
    expect(passwordChangeProblems({ currentPassword: 'old secret', newPassword: 'new secret' })).toEqual([]);
    expect(passwordChangeProblems({ currentPassword: 'old secret', newPassword: 'new secret', confirmPassword: 'new secret' })).toEqual([]);
  });
});

describe('a payment (record payment)', () => {
  const trip = { baseCurrency: 'EUR', settleable: new Set(['a', 'b']) };
  const ok = { fromUserId: 'a', toUserId: 'b', amount: '10.00', currency: 'EUR' };

  it('takes a payment between two settleable people in the trip currency', () => {
    const { problems, amount } = paymentProblems(ok, trip);
    expect(problems).toEqual([]);
    expect(amount).toMatchObject({ ok: true, amountMinor: 1000 });
  });

  it('names every field at fault, in the form order', () => {
    expect(paymentProblems({ ...ok, toUserId: 'a' }, trip).problems).toEqual([{ field: 'toUserId', message: EM.settleSameMember }]);
    expect(paymentProblems({ ...ok, fromUserId: 'z', amount: '0', currency: 'USD' }, trip).problems).toEqual([
      { field: 'fromUserId', message: EM.settleNotMember },
      { field: 'amount', message: EM.invalidAmount },
      { field: 'currency', message: fill(EM.settleCurrency, { base: 'EUR' }) },
    ]);
    expect(paymentProblems({ ...ok, amount: '99999999999' }, trip).problems[0]).toEqual({
      field: 'amount',
      message: fill(EM.tooLarge, { max: '21474836.47 EUR' }),
    });
  });
});

describe("a story's own fields (the editor)", () => {
  it('refuses what the whole story rule refuses, with the same messages', () => {
    const bad = { title: ' ', city: '', coverUrl: 'https://elsewhere.example/x.jpg', tags: 'a, b' };
    const fields = problemsOf(validateStoryFields, bad);
    expect(fields).toEqual([
      { field: 'title', message: SM.titleRequired },
      { field: 'city', message: SM.cityRequired },
      { field: 'coverUrl', message: SM.invalidImageUrl },
    ]);
    expect(problemsOf(validateStory, bad)).toEqual(fields);
    expect(problemsOf(validateStoryFields, { title: 'Lisbon', city: 'Lisbon', intro: '', tags: 'food, ,food', coverUrl: null })).toEqual([]);
  });
});

describe("the console's trip form (the server's adminCreateTrip / adminUpdateTrip read it the same way)", () => {
  const ok = { name: 'Lisbon', description: '', destination: 'Lisbon, Portugal', startDate: '2030-05-01', endDate: '2030-05-04' };

  it('takes a plain trip, and a kept destination is not read again', () => {
    expect(consoleTripProblems({ ...ok, ownerEmail: 'ada@example.com' }, 'create')).toEqual([]);
    expect(consoleTripProblems({ ...ok, destination: undefined }, 'edit')).toEqual([]);
  });

  it('names every field at fault: the owner of a new trip, then the trips rule', () => {
    expect(consoleTripProblems({ ...ok, name: ' ', ownerEmail: '', startDate: '2030-05-09' }, 'create')).toEqual([
      { field: 'ownerEmail', message: ATM.ownerRequired },
      { field: 'name', message: TM.nameRequired },
      { field: 'endDate', message: TM.dateOrder },
    ]);
    expect(consoleTripProblems({ ...ok, startDate: '2030-02-31' }, 'edit')).toEqual([{ field: 'startDate', message: TM.invalidDate }]);
    const long = 'x'.repeat(TRIP_LIMITS.destinationText + 1);
    expect(consoleTripProblems({ ...ok, destination: long }, 'edit').map((p) => p.field)).toEqual(['destination.mainText']);
  });
});
