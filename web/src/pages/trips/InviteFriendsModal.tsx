/**
 * 'Invite Friends' (seed 000 §2, §5, §8): pick one of the viewer's friends, or send an e-mail
 * invitation with an optional message. The server decides (already a member, already invited,
 * an existing account gets a friend request too); its messages are shown as given.
 */
import { Alert, Avatar, Badge, Button, Center, Group, Loader, Modal, Radio, ScrollArea, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMail, IconUsers } from '@tabler/icons-react';
import { Suspense, useState, useSyncExternalStore, type FormEvent } from 'react';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import { Link } from 'react-router-dom';
import type { InviteFriendsModalFriendsQuery } from '../../__generated__/InviteFriendsModalFriendsQuery.graphql';
import type { InviteFriendsModal_trip$data, InviteFriendsModal_trip$key } from '../../__generated__/InviteFriendsModal_trip.graphql';
import { TripMessages } from '../../platform/domain';
import { formErrors, type FormErrors } from '../../platform/formErrors';
import { notify } from '../../platform/notify';
import { isOnline, NEEDS_NETWORK, onNetworkChange } from '../../platform/offline/network';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { useInviteToTrip, type InviteSent } from './useInviteToTrip';
import { avatarColor } from '../../components/avatarColor';
import { FormActions } from '../../components/FormActions';

const TripFragment = graphql`
  fragment InviteFriendsModal_trip on Trip {
    id
    name
  }
`;

const FriendsQuery = graphql`
  query InviteFriendsModalFriendsQuery($tripId: ID!) {
    trip: node(id: $tripId) {
      ... on Trip {
        members {
          id
          user {
            id
          }
        }
        pendingInvitations {
          id
          invitedUser {
            id
          }
        }
      }
    }
    viewer {
      id
      friends(first: 100) {
        edges {
          node {
            id
            friend {
              id
              displayName
              avatarUrl
              city
              countryName
            }
          }
        }
      }
    }
  }
`;

type Tab = 'friends' | 'email';
type InviteField = 'friendId' | 'email';
const NO_ERRORS: FormErrors<InviteField> = { fields: {}, notice: null };

/** On a phone both tabs stay side by side; their labels wrap instead. */
const TAB_STYLES = { tab: { whiteSpace: 'normal', lineHeight: 1.25, paddingInline: 8 } } as const;

export interface InviteFriendsModalProps {
  opened: boolean;
  onClose: () => void;
  trip: InviteFriendsModal_trip$key;
}

export function InviteFriendsModal({ opened, onClose, trip }: InviteFriendsModalProps) {
  const data = useFragment(TripFragment, trip);
  // Inviting needs the connection (the friends list, the invitation): offline it says so.
  const online = useSyncExternalStore(onNetworkChange, isOnline, () => true);
  return (
    <Modal styles={modalStyles} closeButtonProps={closeButtonProps} opened={opened} onClose={onClose} title="Invite Friends" size="lg" radius="lg">
      {opened &&
        (online ? (
          <InviteForm trip={data} onDone={onClose} />
        ) : (
          <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            {NEEDS_NETWORK}
          </Alert>
        ))}
    </Modal>
  );
}

function successMessage(sent: InviteSent, friendName: string | null) {
  return `Invitation sent to ${friendName ?? sent.invitedEmail}!`;
}

function InviteForm({ trip, onDone }: { trip: InviteFriendsModal_trip$data; onDone: () => void }) {
  const [tab, setTab] = useState<Tab>('friends');
  const [friendId, setFriendId] = useState<string | null>(null);
  const [friendName, setFriendName] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<FormErrors<InviteField>>(NO_ERRORS);
  const [invite, sending] = useInviteToTrip();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const byFriend = tab === 'friends';
    if (byFriend && !friendId) {
      setError({ fields: { friendId: TripMessages.selectFriend }, notice: null });
      return;
    }
    if (!byFriend && !email.trim()) {
      setError({ fields: { email: TripMessages.selectFriendOrEmail }, notice: null });
      return;
    }
    setError(NO_ERRORS);
    const outcome = await invite({
      tripId: trip.id,
      ...(byFriend ? { friendId } : { email: email.trim() }),
      message: message.trim() || null,
    });
    if (!outcome.ok) {
      // The server names 'email' or 'friendId'; show it on whichever the person used.
      const used: InviteField = byFriend ? 'friendId' : 'email';
      setError(formErrors(outcome, (field) => (field === 'email' || field === 'friendId' ? used : null)));
      return;
    }
    if (outcome.value.warning) notify.info(outcome.value.warning, 'Invitation saved');
    else notify.success(successMessage(outcome.value, byFriend ? friendName : null));
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Text fz="sm" c="gray.7" mb="sm">
        Invite people to <strong>{trip.name}</strong>. They join once they accept.
      </Text>
      <Tabs
        value={tab}
        onChange={(value) => {
          setTab((value as Tab) ?? 'friends');
          setError(NO_ERRORS);
        }}
        keepMounted={false}
      >
        <Tabs.List grow mb="md" style={{ flexWrap: 'nowrap' }}>
          <Tabs.Tab value="friends" leftSection={<IconUsers size={16} aria-hidden />} styles={TAB_STYLES}>
            Select from Friends
          </Tabs.Tab>
          <Tabs.Tab value="email" leftSection={<IconMail size={16} aria-hidden />} styles={TAB_STYLES}>
            Send Email Invite
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="friends">
          <Suspense
            fallback={
              <Center py="xl">
                <Loader size="sm" aria-label="Loading friends" />
              </Center>
            }
          >
            <FriendPicker
              trip={trip}
              value={friendId}
              onChange={(id, name) => {
                setFriendId(id);
                setFriendName(name);
                setError(NO_ERRORS);
              }}
              error={error.fields.friendId ?? null}
              onUseEmail={() => setTab('email')}
            />
          </Suspense>
        </Tabs.Panel>

        <Tabs.Panel value="email">
          <TextInput
            type="email"
            label="Email address"
            placeholder="friend@example.com"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setError(NO_ERRORS);
            }}
            error={error.fields.email}
            data-autofocus
          />
          <Text fz="xs" c="gray.7" mt={6}>
            Someone new gets an e-mail with a link to join; someone already on Tripcrew also gets a friend request from you.
          </Text>
        </Tabs.Panel>
      </Tabs>

      <Textarea
        mt="md"
        label="Message (optional)"
        placeholder="Come with us!"
        autosize
        minRows={2}
        maxRows={4}
        maxLength={500}
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
      />

      {error.notice && (
        <Alert mt="md" color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {error.notice}
        </Alert>
      )}

      <FormActions onCancel={onDone} saving={sending} submitLabel="Send Invitation" mt="lg" gap="sm" />
    </form>
  );
}

function FriendPicker({
  trip,
  value,
  onChange,
  error,
  onUseEmail,
}: {
  trip: InviteFriendsModal_trip$data;
  value: string | null;
  onChange: (id: string, name: string) => void;
  error: string | null;
  onUseEmail: () => void;
}) {
  const data = useLazyLoadQuery<InviteFriendsModalFriendsQuery>(FriendsQuery, { tripId: trip.id }, { fetchPolicy: 'store-and-network' });
  const friends = (data.viewer?.friends.edges ?? []).map((e) => e.node.friend);
  const members = new Set((data.trip?.members ?? []).map((m) => m.user.id));
  const invited = new Set((data.trip?.pendingInvitations ?? []).map((i) => i.invitedUser?.id).filter(Boolean));

  if (friends.length === 0) {
    return (
      <Stack align="center" gap={6} py="lg">
        {error && (
          <Text c="red.8" fz="sm" fw={600} role="alert">
            {error}
          </Text>
        )}
        <Text fw={600}>No friends yet</Text>
        <Text fz="sm" c="gray.7" ta="center">
          Invite someone by e-mail instead, or add friends on the{' '}
          <Text component={Link} to="/dashboard/friends" fz="sm" c="lagoon.8" td="underline">
            Friends page
          </Text>
          .
        </Text>
        <Button variant="light" size="xs" mt={4} onClick={onUseEmail}>
          Send Email Invite
        </Button>
      </Stack>
    );
  }

  return (
    <Radio.Group
      value={value ?? ''}
      onChange={(id) => {
        const friend = friends.find((f) => f.id === id);
        if (friend) onChange(id, friend.displayName);
      }}
      label="Choose a friend"
      error={error}
    >
      <ScrollArea.Autosize mah={280} mt="xs" type="auto">
        <Stack gap={6} pr={4}>
          {friends.map((friend) => {
            const status = members.has(friend.id) ? 'On this trip' : invited.has(friend.id) ? 'Invited' : null;
            const place = [friend.city, friend.countryName].filter(Boolean).join(', ');
            return (
              <Radio.Card key={friend.id} value={friend.id} disabled={!!status} radius="md" p="sm" style={status ? { opacity: 0.6 } : undefined}>
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator />
                  <Avatar
                    src={friend.avatarUrl}
                    name={friend.displayName}
                    color={avatarColor(friend.displayName)}
                    variant="filled"
                    radius="xl"
                    size={34}
                    alt=""
                  />
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text fz="sm" fw={600} truncate>
                      {friend.displayName}
                    </Text>
                    {place && (
                      <Text fz="xs" c="gray.7" truncate>
                        {place}
                      </Text>
                    )}
                  </div>
                  {status && (
                    <Badge size="sm" variant="light" color="gray">
                      {status}
                    </Badge>
                  )}
                </Group>
              </Radio.Card>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </Radio.Group>
  );
}
