/**
 * /signin. On success: the page the visitor was sent from (?next=), else /dashboard/trips.
 * Also shows the outcome of an e-mailed verification link (?verified=1 / ?verified=already / ?email_changed=1 /
 * ?verify_error=...).
 */
import { Alert, Anchor, Box, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { apiRequest, ApiError, errorMessage } from '../../platform/api';
import { AccountMessages } from '../../platform/accountRules';
import { notify } from '../../platform/notify';
import { safeRedirect } from '../../platform/session';
import { useSession } from '../../platform/SessionProvider';
import { useTypedBeforeHydration } from '../../platform/typedBeforeHydration';

export default function SignInPage() {
  const { user, signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('next') ?? (location.state as { from?: string } | null)?.from);
  const [email, setEmail] = useState((location.state as { email?: string } | null)?.email ?? '');
  const [password, setPassword] = useState('');
  const emailInput = useTypedBeforeHydration(email, setEmail);
  const passwordInput = useTypedBeforeHydration(password, setPassword);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<{ message: string; unverified: boolean } | null>(null);
  const [resending, setResending] = useState(false);
  const [signedIn, setSignedIn] = useState(false);

  const verified = params.get('verified') === '1';
  const alreadyVerified = params.get('verified') === 'already';
  const emailChanged = params.get('email_changed') === '1';
  const verifyError = params.get('verify_error');

  const alreadySignedIn = !!user && !signedIn;
  useEffect(() => {
    // A signed-in user who opens the link goes straight on (to Settings): say what happened.
    if (alreadySignedIn && emailChanged) notify.success('Your new email address is confirmed.');
  }, [alreadySignedIn, emailChanged]);

  if (alreadySignedIn) return <Navigate to={target} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setError(null);
    setSubmitting(true);
    try {
      await signIn(email.trim(), password);
      setSignedIn(true);
      void navigate(target, { replace: true });
    } catch (failure) {
      const unverified = failure instanceof ApiError && (failure.code === 'email_not_confirmed' || failure.status === 403);
      const message = errorMessage(failure);
      setError({ message, unverified });
      notify.error(message);
    } finally {
      setSubmitting(false);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      const result = await apiRequest<{ message?: string }>('/api/auth/resend-verification', {
        body: { email: email.trim() },
      });
      notify.success(result?.message ?? AccountMessages.verificationResent);
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setResending(false);
    }
  };

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Welcome back
          </Title>
          <Text c="dimmed" fz="sm" mt={4}>
            Sign in to plan with your crew.
          </Text>
        </div>

        {verified && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
            Your email address is verified. You can sign in now.
          </Alert>
        )}
        {alreadyVerified && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
            This email address is already verified. You can sign in.
          </Alert>
        )}
        {emailChanged && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
            Your new email address is confirmed. Sign in with it from now on.
          </Alert>
        )}
        {verifyError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            That verification link is invalid or has expired. Sign in below to request a new one, or{' '}
            <Anchor component={Link} to="/verify-email">
              resend the verification email
            </Anchor>
            .
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            <Stack gap="xs">
              <span>{error.message}</span>
              {error.unverified && (
                <Button
                  size="xs"
                  variant="white"
                  color="red"
                  leftSection={<IconMailForward size={14} />}
                  onClick={() => void resend()}
                  loading={resending}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Resend verification email
                </Button>
              )}
            </Stack>
          </Alert>
        )}

        <TextInput
          ref={emailInput}
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          ref={passwordInput}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          visibilityToggleFocusable
          id="signin-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show characters', 'aria-controls': 'signin-password' }}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/forgot-password" fz="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" loading={submitting} disabled={!email.trim() || !password} fullWidth>
          Sign In
        </Button>
        <Text fz="sm" ta="center">
          New to Tripcrew?{' '}
          <Anchor component={Link} to="/signup" fw={600}>
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </Box>
  );
}
