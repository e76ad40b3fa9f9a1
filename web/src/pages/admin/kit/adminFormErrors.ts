import { formErrors } from '../../../platform/formErrors';
import type { Outcome } from '../../../platform/outcome';
import { notify } from '../../../platform/notify';

type Failure = Extract<Outcome<unknown>, { ok: false }>;

/**
 * A refusal on a console form, after `useAdminAction().run` has told its summary: the messages
 * for the form's fields, to show under them, and a second notice only for what neither a field
 * nor that summary says (a field the form does not have), so no server message is dropped.
 */
export function adminFormErrors<F extends string>(outcome: Failure, fields: Parameters<typeof formErrors<F>>[1]): Partial<Record<F, string>> {
  const shown = formErrors(outcome, fields);
  if (shown.notice && shown.notice !== outcome.message) notify.error(shown.notice);
  return shown.fields;
}
