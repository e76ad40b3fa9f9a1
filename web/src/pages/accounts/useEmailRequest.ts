import { useState, type FormEvent } from 'react';
import { apiRequest, errorMessage } from '../../platform/api';
import { AccountMessages, isEmailAddress } from '../../platform/accountRules';

/**
 * A form that posts one e-mail address to an account endpoint (forgot password, resend
 * verification): checks the format first, then shows the server's answer or its error, both
 * inline and as a notice. The server answers the same whether or not the account exists.
 */
export function useEmailRequest(path: string, initialEmail: string, successFallback: string) {
  const [email, setEmail] = useState(initialEmail);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting) return;
    if (!isEmailAddress(email.trim().toLowerCase())) {
      setError(AccountMessages.invalidEmail);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const result = await apiRequest<{ message?: string }>(path, { body: { email: email.trim() } });
      const message = result?.message ?? successFallback;
      // Shown once, on the page (a toast as well would say it twice).
      setSent(message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return { email, setEmail, submitting, sent, error, submit };
}
