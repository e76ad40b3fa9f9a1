/**
 * A refused outcome as a form shows it: each message the server tied to one of the form's
 * fields goes under that field; every other message (no field, or a field the form does not
 * have) goes to the form-level notice, so the server's words are never dropped.
 *
 *   const { fields, notice } = formErrors(outcome, ['title', 'category']);
 *   setErrors(fields); setNotice(notice);
 */
import type { Outcome } from './outcome';

type Failure = Extract<Outcome<unknown>, { ok: false }>;

export interface FormErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  /** What no field shows, joined; null when every message sits on a field. */
  notice: string | null;
}

export function formErrors<F extends string>(outcome: Failure, formFields: readonly F[]): FormErrors<F> {
  const own = (field: string | null | undefined): field is F => !!field && (formFields as readonly string[]).includes(field);
  const fields: Partial<Record<F, string>> = {};
  const rest: string[] = [];
  const named = outcome.fieldErrors?.length ? outcome.fieldErrors : outcome.field ? [{ field: outcome.field, message: outcome.message }] : [];
  for (const e of named) {
    if (own(e.field)) fields[e.field] ??= e.message;
    else if (!rest.includes(e.message)) rest.push(e.message);
  }
  // The summary message belongs to the notice unless a field already says it.
  const shown = Object.values<string | undefined>(fields);
  if (!shown.length && !rest.includes(outcome.message)) rest.unshift(outcome.message);
  return { fields, notice: rest.length ? rest.join(' ') : null };
}
