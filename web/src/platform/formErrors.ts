/**
 * A refused outcome as a form shows it: each message the server tied to one of the form's
 * fields goes under that field; every other message (no field, or a field the form does not
 * have) goes to the form-level notice, so the server's words are never dropped.
 *
 *   const { fields, notice } = formErrors(outcome, ['title', 'category']);
 *   setErrors(fields); setNotice(notice);
 *
 * A form whose fields are not named as the server names them (a nested input's
 * "destination.mainText", a field shown under another for some item types) passes a function
 * from the server's name to its own field, or null when it has none.
 */
import type { Outcome } from './outcome';

type Failure = Extract<Outcome<unknown>, { ok: false }>;

export interface FormErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  /** What no field shows, joined; null when every message sits on a field. */
  notice: string | null;
}

export function formErrors<F extends string>(outcome: Failure, formFields: readonly F[] | ((field: string) => F | null)): FormErrors<F> {
  const own = typeof formFields === 'function' ? formFields : (field: string) => ((formFields as readonly string[]).includes(field) ? (field as F) : null);
  const fields: Partial<Record<F, string>> = {};
  const rest: string[] = [];
  const named = outcome.fieldErrors?.length ? outcome.fieldErrors : outcome.field ? [{ field: outcome.field, message: outcome.message }] : [];
  for (const e of named) {
    const field = e.field ? own(e.field) : null;
    if (field) fields[field] ??= e.message;
    else if (!rest.includes(e.message)) rest.push(e.message);
  }
  // The summary message belongs to the notice unless a field already says it.
  const shown = Object.values<string | undefined>(fields);
  if (!shown.length && !rest.includes(outcome.message)) rest.unshift(outcome.message);
  return { fields, notice: rest.length ? rest.join(' ') : null };
}
