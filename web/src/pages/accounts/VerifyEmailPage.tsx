/** /verify-email: "check your inbox", with a working resend. */
import { Alert, Anchor, Box, Button, Center, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconMailOpened } from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { AccountMessages } from '../../platform/accountRules';
import { useEmailRequest } from './useEmailRequest';

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { email?: string; justSignedUp?: boolean } | null;
  const known = params.get('email') ?? state?.email ?? '';
  const {
    email,
    setEmail,
    submitting: sending,
    sent,
    error,
    submit: resend,
  } = useEmailRequest('/api/auth/resend-verification', known, AccountMessages.verificationResent);

  return (
    <Box component="form" onSubmit={resend} noValidate>
      <Stack gap="md">
        <Center>
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconMailOpened size={34} />
          </ThemeIcon>
        </Center>
        {state?.justSignedUp && (
          <Alert color="teal" variant="light" role="status">
            {AccountMessages.signupSuccess}
          </Alert>
        )}
        <Title order={1} fz={{ base: 24, sm: 28 }} ta="center">
          Check your inbox
        </Title>
        <Text ta="center" c="dark.5">
          We sent a verification link to {known ? <strong>{known}</strong> : 'your email address'}. Click the link in that email to activate your account, then
          sign in.
        </Text>
        <Text ta="center" c="dimmed" fz="sm">
          Didn't get it? Check your spam folder, or send it again.
        </Text>
        {sent && (
          <Alert color="teal" variant="light" role="status">
            {sent}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {!known && (
          <TextInput label="Email" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
        )}
        <Button type="submit" size="md" variant="light" loading={sending} disabled={!email.trim()} fullWidth>
          Resend Verification Email
        </Button>
        <Anchor component={Link} to="/signin" fz="sm" ta="center" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'center' }}>
          <IconArrowLeft size={14} /> Back to sign in
        </Anchor>
      </Stack>
    </Box>
  );
}
