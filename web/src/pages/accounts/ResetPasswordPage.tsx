/**
 * /reset-password?token=...: the e-mailed link lands here. New password twice; checks match,
 * then length; the server's answer is shown as given. On success, /signin after 2 seconds.
 */
import { Alert, Anchor, Box, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { apiRequest, errorMessage } from '../../platform/api';
import { AccountMessages, PASSWORD_MIN_LENGTH } from '../../platform/accountRules';

const REDIRECT_DELAY_MS = 2000;

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : AccountMessages.invalidResetLink);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/signin', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || done) return;
    if (!token) {
      setError(AccountMessages.invalidResetLink);
      return;
    }
    if (password !== confirm) {
      setError(AccountMessages.passwordsDiffer);
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      setError(AccountMessages.passwordTooShort);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const result = await apiRequest<{ message?: string }>('/api/auth/reset-password', { body: { token, password } });
      const message = result?.message ?? AccountMessages.passwordUpdated;
      // Shown once, on the page (a toast as well would say it twice).
      setDone(message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
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
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          visibilityToggleFocusable
          id="reset-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show characters', 'aria-controls': 'reset-password' }}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          disabled={!token || !!done}
          value={confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
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
