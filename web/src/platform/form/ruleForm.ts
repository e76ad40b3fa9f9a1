/**
 * The web's forms on Mantine's `useForm`, checked by their domain's shared rule (the module the
 * server's service runs) and showing the server's refusals through `formErrors`:
 *
 *   const form = useForm({ initialValues, validate: ruleErrors((v) => problemsOf(validateChecklist, toInput(v)), FIELDS) });
 *   <form onSubmit={form.onSubmit(save, focusFirstError(form))}>
 *   ...on a refusal: setNotice(showRefusal(form, outcome, FIELDS));
 */
import type { FormErrors } from '@mantine/form';
import { formErrors } from '../formErrors';
import type { Outcome } from '../outcome';

type Failure = Extract<Outcome<unknown>, { ok: false }>;

/** A problem as the shared rules report it (`field` as the server names it, maybe none). */
export interface RuleProblem {
  readonly field?: string | null;
  readonly message: string;
}

/** The form's fields, or a function from the server's field name to the form's (null: none). */
export type FieldMap<F extends string> = readonly F[] | ((field: string) => F | null);

const mapper = <F extends string>(fields: FieldMap<F>) =>
  typeof fields === 'function' ? fields : (field: string) => ((fields as readonly string[]).includes(field) ? (field as F) : null);

/** What these helpers use of a Mantine form (any `useForm` result has it). */
interface MantineForm {
  getInputNode: (path: never) => HTMLElement | null;
  setErrors: (errors: FormErrors) => void;
}

/**
 * A Mantine `validate` function from a shared rule: each field's first problem under that field.
 * A problem on none of the form's fields does not stop the send: the server refuses it again and
 * its message reaches the form's notice through `showRefusal`.
 */
export function ruleErrors<V, F extends string>(problems: (values: V) => readonly RuleProblem[], fields: FieldMap<F>): (values: V) => FormErrors {
  const own = mapper(fields);
  return (values) => {
    const errors: FormErrors = {};
    for (const p of problems(values)) {
      const field = p.field ? own(p.field) : null;
      if (field && !(field in errors)) errors[field] = p.message;
    }
    return errors;
  };
}

/**
 * Moves the focus to the field at fault that comes first on the page. A field is found by the
 * `data-path` Mantine's `getInputProps` gives it, else by `idOf(field)` (a custom input's id).
 */
export function focusFirstError(form: MantineForm, idOf?: (field: string) => string) {
  return (errors: FormErrors) => {
    const nodes = Object.entries(errors)
      .filter(([, message]) => message != null && message !== false && message !== '')
      .map(([field]) => form.getInputNode(field as never) ?? (idOf ? document.getElementById(idOf(field)) : null))
      .filter((node): node is HTMLElement => !!node);
    nodes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    nodes[0]?.focus();
  };
}

/**
 * A refused outcome on a Mantine form: the messages of its fields under them (the first
 * focused), and what no field shows returned as the form's notice (null when nothing is left).
 */
export function showRefusal<F extends string>(form: MantineForm, outcome: Failure, fields: FieldMap<F>, idOf?: (field: string) => string): string | null {
  const shown = formErrors(outcome, mapper(fields));
  form.setErrors(shown.fields as FormErrors);
  focusFirstError(form, idOf)(shown.fields as FormErrors);
  return shown.notice;
}
