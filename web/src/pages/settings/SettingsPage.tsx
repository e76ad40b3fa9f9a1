/** /dashboard/settings: profile and travel preferences (seed 001 §2, §5, §8), poll e-mails, password, account deletion. */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { graphql } from 'react-relay';
import type { SettingsPageQuery } from '../../__generated__/SettingsPageQuery.graphql';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccountSection } from './DeleteAccountSection';
import { PollEmailsSwitch } from './PollEmailsSwitch';
import { ProfileForm } from './ProfileForm';

const Query = graphql`
  query SettingsPageQuery {
    viewer {
      id
      email
      ...ProfileForm_user
      ...PollEmailsSwitch_user
    }
  }
`;

export default function SettingsPage() {
  const { viewer } = useRouteQuery<SettingsPageQuery>(Query);
  return (
    <Stack gap="xl" maw={860}>
      <div>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          Settings
        </Title>
        <Text c="dimmed" mt={4}>
          Your profile, the way you like to travel, and your account. Trip ideas and checklists use your preferences.
        </Text>
        <Anchor component={Link} to="/dashboard/rewards" fz="sm">
          Your rewards wallet: cards and programmes for “who should book what”
        </Anchor>
      </div>
      {viewer && <ProfileForm user={viewer} />}
      {viewer && <PollEmailsSwitch user={viewer} />}
      {viewer && <ChangePasswordForm email={viewer.email ?? ''} />}
      {viewer && <DeleteAccountSection />}
    </Stack>
  );
}
