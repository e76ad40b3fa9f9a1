import type { FormErrors } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { validateChecklist, validateChecklistItem } from '../../api/src/checklists/validation';
import { CHECKLIST_LIMITS, ChecklistMessages } from '../../api/src/checklists/messages';
import { ValidationError } from '../../api/src/platform/errors';
import { problemsOf } from '../../api/src/platform/validation';
import { TripMessages } from '../../api/src/trips/messages';
import { validateTrip, type TripInput } from '../../api/src/trips/validation';
import { ruleErrors, showRefusal } from '../../web/src/platform/form/ruleForm';

/** What the server's validator throws for `input`, as field errors. */
function thrown<I>(validate: (input: I) => unknown, input: I) {
  try {
    validate(input);
    return [];
  } catch (error) {
    return (error as ValidationError).fieldErrors;
  }
}

const trip: TripInput = { name: 'Lisbon', startDate: '2026-06-01', endDate: '2026-06-07', budget: '1200', currency: 'EUR' };

describe('problemsOf: the web forms run the server validator itself', () => {
  it('finds nothing in a valid input', () => {
    expect(problemsOf(validateTrip, trip)).toEqual([]);
  });

  it('finds exactly what the server refuses, every field at once', () => {
    const bad = { ...trip, name: ' ', startDate: '2026-02-31', budget: '12.345', currency: 'EUR' };
    const found = problemsOf(validateTrip, bad);
    expect(found).toEqual(thrown(validateTrip, bad));
    expect(found.map((p) => p.field)).toEqual(['name', 'startDate', 'budget']);
    expect(found[0]!.message).toBe(TripMessages.nameRequired);
  });

  it('lets other failures through (a bug is not a form problem)', () => {
    expect(() =>
      problemsOf(() => {
        throw new TypeError('boom');
      }, null),
    ).toThrow(TypeError);
  });
});

describe('ruleErrors: a shared rule as a Mantine validate function', () => {
  it("puts each field's first problem under it and ignores fields the form has not", () => {
    const validate = ruleErrors(
      () => [
        { field: 'title', message: 'first' },
        { field: 'title', message: 'second' },
        { field: 'elsewhere', message: 'not here' },
        { field: null, message: 'no field' },
      ],
      ['title', 'category'],
    );
    expect(validate({})).toEqual({ title: 'first' });
  });

  it("maps the server's names to the form's (destination.mainText is the destination)", () => {
    const validate = ruleErrors(
      () => [{ field: 'destination.mainText', message: TripMessages.destinationTooLong }],
      (f) => (f.startsWith('destination') ? 'destination' : null),
    );
    expect(validate({})).toEqual({ destination: TripMessages.destinationTooLong });
  });

  it('checks the checklist forms by the server rule (web and API agree)', () => {
    const checklist = ruleErrors((v: { title: string }) => problemsOf(validateChecklist, v), ['title', 'category', 'template']);
    expect(checklist({ title: 'x'.repeat(CHECKLIST_LIMITS.title + 1) })).toEqual({ title: ChecklistMessages.titleTooLong });
    expect(checklist({ title: 'Packing' })).toEqual({});
    const item = ruleErrors((v: { description: string; dueDate: string }) => problemsOf(validateChecklistItem, v), ['description', 'dueDate']);
    expect(item({ description: ' ', dueDate: '2026-02-30' })).toEqual({
      description: ChecklistMessages.descriptionRequired,
      dueDate: ChecklistMessages.invalidDate,
    });
  });
});

describe('showRefusal', () => {
  it("sets the form's field errors and returns what no field shows, never dropping the server's words", () => {
    let errors: FormErrors = {};
    const form = { getInputNode: () => null, setErrors: (next: FormErrors) => (errors = next) };
    const notice = showRefusal(
      form,
      {
        ok: false,
        message: 'Name is required.',
        field: 'name',
        refused: true,
        fieldErrors: [
          { field: 'name', message: 'Name is required.' },
          { field: 'owner', message: 'Only the owner can change this.' },
        ],
      },
      ['name'],
    );
    expect(errors).toEqual({ name: 'Name is required.' });
    expect(notice).toBe('Only the owner can change this.');
  });
});
