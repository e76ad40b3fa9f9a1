/**
 * A Mantine form checked by a shared rule, whose submit sends and shows the server's refusal:
 * the set-up the checklist and checklist-item modals share (ruleForm.ts has the pieces).
 *
 *   const { form, onSubmit } = useRuleForm({ initialValues, problems: (v) => problemsOf(validateX, v), fields: FIELDS });
 *   <form onSubmit={onSubmit((v) => save(v), onClose)}>
 */
import { useForm } from '@mantine/form';
import { notify } from '../notify';
import type { Outcome } from '../outcome';
import { focusFirstError, ruleErrors, showRefusal, type FieldMap, type RuleProblem } from './ruleForm';

export function useRuleForm<V extends object, F extends string>(options: {
  initialValues: V;
  /** The domain's shared rule over the form's values. */
  problems: (values: V) => readonly RuleProblem[];
  fields: FieldMap<F>;
}) {
  const { fields } = options;
  const form = useForm<V>({ initialValues: options.initialValues, validate: ruleErrors(options.problems, fields) });
  /**
   * The form's submit handler: once the rule passes, `send` runs (null: nothing was sent); a
   * success calls `done`, a refusal goes on its fields, and what no field shows to a notice.
   */
  const onSubmit = (send: (values: V) => Promise<Outcome<unknown>> | null, done: () => void) =>
    form.onSubmit(async (values) => {
      const outcome = await send(values);
      if (!outcome) return;
      if (outcome.ok) return done();
      const notice = showRefusal(form, outcome, fields);
      if (notice) notify.error(notice);
    }, focusFirstError(form));
  return { form, onSubmit };
}
