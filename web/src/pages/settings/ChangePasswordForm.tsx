/**
 * Settings' "Password": the current password, a new one (the sign-up rules) and the new one again.
 * The server ends every other session at once; this one goes on with the access token it sends back.
 */
import { Box, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_LIMITS, AccountMessages, PASSWORD_MIN_LENGTH } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { formErrors } from '../../platform/formErrors';
import { sessionStore } from '../../platform/session';
import { useChangePassword } from './useChangePassword';

interface Fields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

type FieldErrors = Partial<Record<keyof Fields, string>>;

const EMPTY: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The browser's early checks: the server's rules and messages, so both read the same. */
function check(fields: Fields): FieldErrors {
  const errors: FieldErrors = {};
  if (!fields.currentPassword) errors.currentPassword = AccountMessages.passwordChangeCurrentRequired;
  if (fields.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = AccountMessages.passwordTooShort;
  else if (fields.newPassword.length > ACCOUNT_LIMITS.passwordMax) errors.newPassword = AccountMessages.passwordTooLong;
  else if (fields.newPassword === fields.currentPassword) errors.newPassword = AccountMessages.newPasswordSame;
  if (fields.confirmPassword !== fields.newPassword) errors.confirmPassword = AccountMessages.passwordsDiffer;
  return errors;
}

export function ChangePasswordForm({ email }: { email: string }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [changePassword, saving] = useChangePassword();

  const set = (name: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = check(fields);
    setErrors(found);
    if (Object.keys(found).length) return;
    const outcome = await changePassword({ ...fields });
    if (outcome.ok) {
      const { accessToken, accessTokenExpiresAt, accessTokenExpiresIn } = outcome.value;
      sessionStore.renewAccessToken(accessToken, accessTokenExpiresAt, accessTokenExpiresIn);
      setFields(EMPTY);
      notify.success(AccountMessages.passwordChanged);
      return;
    }
    const shown = formErrors(outcome, Object.keys(EMPTY) as (keyof Fields)[]);
    setErrors(shown.fields);
    if (shown.notice) notify.error(shown.notice);
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Box component="form" onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
        <Title order={2} fz="lg" id="change-password-title">
          Password
        </Title>
        <Text c="dimmed" fz="sm" mb="md">
          Changing it signs you out on every other device.
        </Text>
        {/* For password managers: which account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Stack gap="sm">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            maw={{ sm: 'calc(50% - var(--mantine-spacing-sm) / 2)' }}
            value={fields.currentPassword}
            onChange={set('currentPassword')}
            error={errors.currentPassword}
            aria-invalid={!!errors.currentPassword}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PasswordInput
              label="New password"
              description={`At least ${PASSWORD_MIN_LENGTH} characters`}
              autoComplete="new-password"
              required
              value={fields.newPassword}
              onChange={set('newPassword')}
              error={errors.newPassword}
              aria-invalid={!!errors.newPassword}
            />
            <PasswordInput
              label="Confirm new password"
              description="Type it again"
              autoComplete="new-password"
              required
              value={fields.confirmPassword}
              onChange={set('confirmPassword')}
              error={errors.confirmPassword}
              aria-invalid={!!errors.confirmPassword}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" variant="default" loading={saving} leftSection={<IconLock size={18} />}>
              Change password
            </Button>
          </Group>
        </Stack>
      </Box>
    </Paper>
  );
}
