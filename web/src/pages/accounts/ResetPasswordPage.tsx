/**
 * /reset-password?token=...: the e-mailed link lands here. New password twice, checked by the
 * sign-up rule the server runs (accountFields.ts), each problem under its field; the server's
 * refusal on its field, or on top when it is the link's. On success, /signin after 2 seconds.
 */
import { Alert, Anchor, Box, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { apiRequest, ApiError, errorMessage, refusalOf } from '../../platform/api';
import { AccountMessages, newPasswordProblems, PASSWORD_MIN_LENGTH } from '../../platform/accountRules';
import { focusFirstError, ruleErrors, showRefusal } from '../../platform/form/ruleForm';

const REDIRECT_DELAY_MS = 2000;

const FIELDS = ['password', 'confirm_password'] as const;

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const form = useForm({
    initialValues: { password: '', confirm_password: '' },
    // The sign-up rule for a new password and its confirmation, as the server checks them.
    validate: ruleErrors((v) => newPasswordProblems(v.password, v.confirm_password), FIELDS),
  });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : AccountMessages.invalidResetLink);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/signin', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async ({ password, confirm_password }: typeof form.values) => {
    if (submitting || done) return;
    if (!token) return setError(AccountMessages.invalidResetLink);
    setError(null);
    setSubmitting(true);
    try {
      const result = await apiRequest<{ message?: string }>('/api/auth/reset-password', { body: { token, password, confirm_password } });
      // Shown once, on the page (a toast as well would say it twice).
      setDone(result?.message ?? AccountMessages.passwordUpdated);
    } catch (failure) {
      // A field's refusal under it; the link's (an expired token) on top.
      setError(failure instanceof ApiError ? showRefusal(form, refusalOf(failure), FIELDS) : errorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" onSubmit={form.onSubmit(submit, focusFirstError(form))} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Choose a new password
          </Title>
          <Text c="dimmed" fz="sm" mt={4}>
            At least {PASSWORD_MIN_LENGTH} characters.
          </Text>
        </div>
        {done && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {done}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          disabled={!token || !!done}
          {...form.getInputProps('password')}
          visibilityToggleFocusable
          id="reset-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show characters', 'aria-controls': 'reset-password' }}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          disabled={!token || !!done}
          {...form.getInputProps('confirm_password')}
          visibilityToggleFocusable
          id="reset-confirm-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show characters', 'aria-controls': 'reset-confirm-password' }}
        />
        <Button type="submit" size="md" loading={submitting} disabled={!token || !!done} fullWidth>
          Update Password
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to="/signin" fz="sm">
            Back to sign in
          </Anchor>
          <Anchor component={Link} to="/forgot-password" fz="sm" fw={600}>
            Request New Reset Link
          </Anchor>
        </Group>
      </Stack>
    </Box>
  );
}
