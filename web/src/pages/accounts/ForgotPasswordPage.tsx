/** /forgot-password: asks for a reset link. The answer is the same whether or not the account exists. */
import { Alert, Anchor, Box, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { AccountMessages } from '../../platform/accountRules';
import { useEmailRequest } from './useEmailRequest';

export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  // The server answers with the catalogue's 'Password reset email sent! ...' for any address.
  const {
    email,
    setEmail,
    submitting,
    sent,
    error,
    submit: onSubmit,
  } = useEmailRequest('/api/auth/forgot-password', params.get('email') ?? '', AccountMessages.resetSent);

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Reset your password
          </Title>
          <Text c="dimmed" fz="sm" mt={4}>
            Enter the email you signed up with and we'll send you a link to choose a new password.
          </Text>
        </div>
        {sent && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {sent}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput label="Email" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
        <Button type="submit" size="md" loading={submitting} disabled={!email.trim()} fullWidth>
          Send Reset Link
        </Button>
        <Anchor component={Link} to="/signin" fz="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          <IconArrowLeft size={14} /> Back to sign in
        </Anchor>
      </Stack>
    </Box>
  );
}
