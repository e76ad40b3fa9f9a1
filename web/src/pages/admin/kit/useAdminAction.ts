import { useCallback, useState } from 'react';
import type { Outcome } from '../../../platform/outcome';
import { notify } from '../../../platform/notify';

/**
 * Runs one console action and says how it went in the console's words: the success text
 * ('Trip updated successfully!'), or 'Failed to <label>: {server message}' when the server
 * refused, or 'Failed to <label>. Please try again.' when the request itself failed.
 * A success may be worked out from the answer (a count, say) and carry a title.
 * `pending` names the action in flight, so its button can show a spinner.
 */
type Notice = { message: string; title?: string };

export function useAdminAction() {
  const [pending, setPending] = useState<string | null>(null);
  const run = useCallback(async <T>(label: string, action: Promise<Outcome<T>>, success: string | ((value: T) => Notice)): Promise<Outcome<T>> => {
    setPending(label);
    try {
      const outcome = await action;
      if (outcome.ok) {
        const notice = typeof success === 'string' ? { message: success } : success(outcome.value);
        notify.success(notice.message, notice.title);
      } else notify.error(outcome.refused ? `Failed to ${label}: ${outcome.message}` : `Failed to ${label}. Please try again.`);
      return outcome;
    } finally {
      setPending(null);
    }
  }, []);
  return { run, pending };
}
