import { ConflictError, DomainError, ForbiddenError, NotFoundError, RateLimitedError, ValidationError, type FieldError } from '../platform/errors.js';
import { builder } from './builder.js';

/**
 * Typed errors: a mutation that can fail for a reason the user should read returns one of these
 * instead of a top-level GraphQL error. Their messages are the specification's.
 */
export const ErrorInterface = builder.interfaceRef<DomainError>('Error').implement({
  description: 'Something the user asked for could not be done; `message` is written for them.',
  fields: (t) => ({ message: t.exposeString('message', { description: 'What went wrong, written for the user: show it as it is.' }) }),
});

const FieldErrorRef = builder.objectRef<FieldError>('FieldError').implement({
  description: "One input field's problem, shown beside that field.",
  fields: (t) => ({
    field: t.exposeString('field', { description: 'The input field, e.g. "name" or "destination.mainText".' }),
    message: t.exposeString('message', { description: 'The problem with that field, written for the user: show it beside the field.' }),
  }),
});

builder.objectType(ValidationError, {
  name: 'ValidationError',
  description: 'The input broke a rule; `field` names the input field at fault when there is one, `fieldErrors` every field at fault.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    field: t.exposeString('field', { nullable: true, description: 'The first input field at fault (`message` is its problem); null when no single field is.' }),
    fieldErrors: t.field({
      type: [FieldErrorRef],
      description: 'Every input field at fault with its own message, to show them all at once; empty when no single field is at fault.',
      resolve: (e) => e.fieldErrors,
    }),
  }),
});

builder.objectType(ConflictError, {
  name: 'ConflictError',
  description: 'The change clashes with existing data (for example an address already in use).',
  interfaces: [ErrorInterface],
  fields: (t) => ({ field: t.exposeString('field', { nullable: true, description: 'The input field that clashes, e.g. "email"; null when none does.' }) }),
});

builder.objectType(NotFoundError, {
  name: 'NotFoundError',
  description: 'The thing asked for does not exist, or the viewer may not see it.',
  interfaces: [ErrorInterface],
});

builder.objectType(ForbiddenError, {
  name: 'ForbiddenError',
  description: 'The viewer may not do this.',
  interfaces: [ErrorInterface],
});

builder.objectType(RateLimitedError, {
  name: 'RateLimitedError',
  description: 'Too many attempts; try again after `retryAfterSeconds`.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ retryAfterSeconds: t.exposeInt('retryAfterSeconds', { description: 'Seconds to wait before trying again.' }) }),
});

/** The usual set for a mutation that validates and may touch others' data. */
export const MUTATION_ERRORS = [ValidationError, ConflictError, NotFoundError, ForbiddenError, RateLimitedError];
