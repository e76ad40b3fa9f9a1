import { describe, expect, it } from 'vitest';
import { formErrors } from '../../web/src/platform/formErrors';
import type { Outcome } from '../../web/src/platform/outcome';

type Failure = Extract<Outcome<unknown>, { ok: false }>;
const refusal = (over: Partial<Failure>): Failure => ({ ok: false, message: 'Invalid input', field: null, refused: true, ...over });

describe('formErrors', () => {
  it('puts each field message under its field and leaves no notice', () => {
    const out = formErrors(
      refusal({
        field: 'title',
        fieldErrors: [
          { field: 'title', message: 'Title is required' },
          { field: 'category', message: 'Pick one' },
        ],
      }),
      ['title', 'category'],
    );
    expect(out).toEqual({ fields: { title: 'Title is required', category: 'Pick one' }, notice: null });
  });

  it('shows a refusal without a field as the notice, in the server words', () => {
    expect(formErrors(refusal({ message: 'Only the owner can do this' }), ['title'])).toEqual({ fields: {}, notice: 'Only the owner can do this' });
  });

  it('keeps the message of a field the form does not have', () => {
    const out = formErrors(
      refusal({
        fieldErrors: [
          { field: 'title', message: 'Too long' },
          { field: 'tripId', message: 'Trip not found' },
        ],
      }),
      ['title'],
    );
    expect(out).toEqual({ fields: { title: 'Too long' }, notice: 'Trip not found' });
  });

  it('uses the single field when there is no list', () => {
    expect(formErrors(refusal({ field: 'email', message: 'Not an address' }), ['email'])).toEqual({ fields: { email: 'Not an address' }, notice: null });
  });

  it('shows a failed request as the notice', () => {
    expect(formErrors({ ok: false, message: 'Please try again.', field: null, refused: false }, ['title']).notice).toBe('Please try again.');
  });

  it('maps the server names through a function, and keeps what it has no field for', () => {
    const head = (field: string) => (field.split('.')[0] === 'destination' ? 'destination' : null);
    const out = formErrors(
      refusal({
        fieldErrors: [
          { field: 'destination.mainText', message: 'Destination is required' },
          { field: 'tripId', message: 'Trip not found' },
        ],
      }),
      head,
    );
    expect(out).toEqual({ fields: { destination: 'Destination is required' }, notice: 'Trip not found' });
  });
});
