/**
 * Settings' "Password": the current password, a new one (the sign-up rules) and the new one again.
 * The server ends every other session at once; this one goes on with the access token it sends back.
 */
import { Box, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { AccountMessages, PASSWORD_MIN_LENGTH, passwordChangeProblems } from '../../platform/accountRules';
import { useRuleForm } from '../../platform/form/useRuleForm';
import { notify } from '../../platform/notify';
import { sessionStore } from '../../platform/session';
import { useChangePassword } from './useChangePassword';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function ChangePasswordForm({ email }: { email: string }) {
  const [changePassword, saving] = useChangePassword();
  // The server's own rule (accountFields.ts `passwordChangeProblems`), every field at once.
  const { form, onSubmit } = useRuleForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    problems: passwordChangeProblems,
    fields: FIELDS,
  });

  const send = async (values: typeof form.values) => {
    const outcome = await changePassword({ ...values });
    if (outcome.ok) {
      const { accessToken, accessTokenExpiresAt, accessTokenExpiresIn } = outcome.value;
      sessionStore.renewAccessToken(accessToken, accessTokenExpiresAt, accessTokenExpiresIn);
    }
    return outcome;
  };
  const done = () => {
    form.reset();
    notify.success(AccountMessages.passwordChanged);
  };
  const field = (name: (typeof FIELDS)[number]) => {
    const props = form.getInputProps(name);
    return { ...props, 'aria-invalid': !!props.error };
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Box component="form" onSubmit={onSubmit((values) => (saving ? null : send(values)), done)} noValidate aria-labelledby="change-password-title">
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
            {...field('currentPassword')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PasswordInput
              label="New password"
              description={`At least ${PASSWORD_MIN_LENGTH} characters`}
              autoComplete="new-password"
              required
              {...field('newPassword')}
            />
            <PasswordInput label="Confirm new password" description="Type it again" autoComplete="new-password" required {...field('confirmPassword')} />
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
