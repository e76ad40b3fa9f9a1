/**
 * The sign-up wizard's form state: what it used of Mantine's `useForm` (values, errors, input
 * props, a submit that validates), in a few lines. /signup is a first page for many visitors and
 * `useForm` cost it 6.2 KB of gzip JavaScript, over the 150 KB every route is held to (issue 27
 * point 12). The rest of the app keeps `useForm` (its forms load later, with their pages or modals).
 * Errors are Mantine's `FormErrors` shape, so `showRefusal` (platform/form/ruleForm) fills them.
 */
import { useState } from 'react';
import type { FormErrors } from '@mantine/form';

/** Only the messages that say something (Mantine's `setErrors` drops the empty ones too). */
const messages = (errors: FormErrors): FormErrors =>
  Object.fromEntries(Object.entries(errors).filter(([, message]) => message != null && message !== false && message !== ''));

export function useWizardForm<V extends object>(initialValues: V, validate: (values: V) => FormErrors) {
  const [values, setValuesState] = useState(initialValues);
  const [errors, setErrorsState] = useState<FormErrors>({});
  const clearFieldError = (field: keyof V & string) =>
    setErrorsState((previous) => {
      if (!(field in previous)) return previous;
      const rest = { ...previous };
      delete rest[field];
      return rest;
    });
  return {
    values,
    errors,
    setValues: (patch: Partial<V>) => setValuesState((previous) => ({ ...previous, ...patch })),
    setErrors: (next: FormErrors) => setErrorsState(messages(next)),
    clearErrors: () => setErrorsState({}),
    clearFieldError,
    /** The input showing `field` (its `data-path`, as Mantine's inputs carry it), to focus it. */
    getInputNode: (field: string) => document.querySelector<HTMLElement>(`[data-path="${CSS.escape(field)}"]`),
    /** A text input's or native select's props; typing clears the field's message. */
    getInputProps: (field: keyof V & string) => ({
      value: values[field] as string,
      error: errors[field],
      'data-path': field,
      onChange: (event: { currentTarget: { value: string } }) => {
        const value = event.currentTarget.value;
        setValuesState((previous) => ({ ...previous, [field]: value }));
        clearFieldError(field);
      },
    }),
    /** The form's submit handler: `valid` with the values, or `invalid` with the errors shown. */
    onSubmit: (valid: (values: V) => void, invalid: (errors: FormErrors) => void) => (event?: { preventDefault(): void }) => {
      event?.preventDefault();
      const found = messages(validate(values));
      if (Object.keys(found).length > 0) {
        setErrorsState(found);
        invalid(found);
      } else valid(values);
    },
  };
}
