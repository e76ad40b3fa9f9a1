/**
 * Settings' "E-mail me about polls": saved as soon as it is switched (the in-app notices come
 * either way). The switch shows the saved value; a refusal or a lost connection puts it back.
 */
import { Paper, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { PollEmailsSwitch_user$key } from '../../__generated__/PollEmailsSwitch_user.graphql';
import { notify } from '../../platform/notify';
import { useSetPollEmails } from './useSetPollEmails';

const Fragment = graphql`
  fragment PollEmailsSwitch_user on User {
    id
    emailPolls
  }
`;

export function PollEmailsSwitch({ user }: { user: PollEmailsSwitch_user$key }) {
  const data = useFragment(Fragment, user);
  const [setPollEmails, saving] = useSetPollEmails();
  const [shown, setShown] = useState<boolean | null>(null);
  const checked = shown ?? !!data.emailPolls;

  const change = async (on: boolean) => {
    setShown(on);
    const outcome = await setPollEmails(on);
    setShown(null);
    if (outcome.ok) notify.success(on ? 'Poll e-mails are on.' : 'Poll e-mails are off.');
    else notify.error(outcome.message);
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} fz="lg">
        E-mail
      </Title>
      <Text fz="sm" c="dimmed" mt={4} mb="sm">
        Notices always appear in the app. Choose what also comes to your inbox.
      </Text>
      <Switch
        checked={checked}
        disabled={saving}
        onChange={(e) => void change(e.currentTarget.checked)}
        label="E-mail me about polls"
        description="A new poll on one of your trips, a reminder before a poll you have not answered closes, and its result."
      />
    </Paper>
  );
}
