/**
 * /pending-invitations?email=...&token=... (seed 001 §2, §4): the public landing of an e-mailed
 * trip invitation. Lists the address's pending invitations (GET /api/backend/pending-invitations,
 * allowed with the e-mailed link's token, or signed in as that address).
 *
 * Accept: signed in as the invitee, it is accepted at once; signed out, the choice is kept on
 * this device and the visitor goes to sign-up with the invitation (the new account joins the trip
 * once its e-mail is verified), or signs in first and comes back here.
 * Decline: confirmed; signed in as the invitee it is declined for good. Signed out, the invitation
 * the link was sent for (`from_link`) is declined for good with the link's token alone; any other
 * one (or without a token) can only be hidden on this device, and the page says so.
 */
import { Alert, Anchor, Badge, Button, Flex, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCalendar, IconCheck, IconLock, IconMail, IconMailOff, IconMapPin, IconUser, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { ApiError, apiRequest } from '../../platform/api';
import { TripMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { sessionStore } from '../../platform/session';
import { useSession } from '../../platform/SessionProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateRange } from '../../components/dateFormat';
import { hiddenInvitations, rememberPendingInvitation } from './pendingInvitationStore';

export interface PublicInvitation {
  id: string;
  trip_id: string;
  trip_name: string;
  trip_destination: string | null;
  trip_start_date: string | null;
  trip_end_date: string | null;
  invited_by_name: string | null;
  invited_email: string;
  message: string | null;
  /** The invitation this page's link was sent for: its token alone may decline it. */
  from_link?: boolean;
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; invitations: PublicInvitation[] }
  | { status: 'forbidden'; message: string }
  | { status: 'failed'; message: string };

export default function PendingInvitationsPage() {
  const [params] = useSearchParams();
  const email = (params.get('email') ?? '').trim();
  const token = params.get('token');
  if (!email) return <EmailRequired />;
  return <InvitationList email={email} token={token} />;
}

function EmailRequired() {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} maw={560} mx="auto">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="coral" aria-hidden>
          <IconMail size={30} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Email Required
        </Title>
        <Text>Please access this page through the invitation link sent to your email.</Text>
        <Button component={Link} to="/" mt="sm">
          Go to Homepage
        </Button>
      </Stack>
    </Paper>
  );
}

function InvitationList({ email, token }: { email: string; token: string | null }) {
  const { user, loading: sessionLoading, signOut } = useSession();
  const navigate = useNavigate();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [hidden, setHidden] = useState<Set<string>>(() => hiddenInvitations.read(email));
  const [busy, setBusy] = useState<string | null>(null);
  // The invitation stays set while the dialog fades out, so its words do not change as it closes.
  const [declining, setDeclining] = useState<PublicInvitation | null>(null);
  const [declineOpen, setDeclineOpen] = useState(false);
  const [declineBusy, setDeclineBusy] = useState(false);

  const signedInAs = user?.email?.toLowerCase() ?? null;
  const isInvitee = signedInAs === email.toLowerCase();
  const here = `/pending-invitations?${new URLSearchParams({ email, ...(token ? { token } : {}) }).toString()}`;
  const signInHref = `/signin?next=${encodeURIComponent(here)}`;

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const query = token ? `?token=${encodeURIComponent(token)}` : '';
      try {
        const accessToken = await sessionStore.accessToken();
        const body = await apiRequest<{ invitations: PublicInvitation[] }>(`/api/backend/pending-invitations/${encodeURIComponent(email)}${query}`, {
          accessToken,
          signal,
        });
        setState({ status: 'ready', invitations: body.invitations ?? [] });
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        if (error instanceof ApiError && (error.status === 403 || error.status === 401)) {
          setState({ status: 'forbidden', message: error.message });
        } else {
          setState({ status: 'failed', message: error instanceof ApiError ? error.message : TripMessages.unexpected });
        }
      }
    },
    [email, token],
  );

  useEffect(() => {
    if (sessionLoading) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    void load(controller.signal);
    return () => controller.abort();
  }, [load, sessionLoading, signedInAs]);

  const visible = useMemo(() => (state.status === 'ready' ? state.invitations.filter((i) => isInvitee || !hidden.has(i.id)) : []), [state, hidden, isInvitee]);
  const hiddenCount = state.status === 'ready' && !isInvitee ? state.invitations.length - visible.length : 0;

  const accept = async (invitation: PublicInvitation) => {
    if (!user) {
      rememberPendingInvitation({
        invitationId: invitation.id,
        tripId: invitation.trip_id,
        tripName: invitation.trip_name,
        email,
      });
      // The link's token goes along: signing up with it, at this address, proves the address.
      const query = new URLSearchParams({ email, invitation: invitation.id, trip: invitation.trip_id, ...(token ? { token } : {}) });
      void navigate(`/signup?${query.toString()}`);
      return;
    }
    setBusy(invitation.id);
    try {
      await apiRequest(`/api/backend/accept-trip-invitation/${encodeURIComponent(invitation.id)}`, {
        method: 'POST',
        body: {},
        accessToken: await sessionStore.accessToken(),
      });
      notify.success(`You joined ${invitation.trip_name}. Happy planning!`, 'Invitation accepted');
      void navigate(`/dashboard/trips/${encodeURIComponent(invitation.trip_id)}`);
    } catch (error) {
      notify.error(error instanceof ApiError && error.status !== 0 ? error.message : TripMessages.acceptFailed, TripMessages.acceptFailed);
      void load();
    } finally {
      setBusy(null);
    }
  };

  // How Decline answers: as the signed-in invitee, with the link's token, or only on this device.
  const declineMode: 'account' | 'link' | 'hide' = isInvitee ? 'account' : !user && token && declining?.from_link ? 'link' : 'hide';

  const confirmDecline = async () => {
    const invitation = declining;
    if (!invitation || !declineOpen) return;
    if (declineMode === 'hide') {
      // Nothing is sent: without the account or this invitation's link, it is only hidden here.
      setHidden(hiddenInvitations.add(email, invitation.id));
      setDeclineOpen(false);
      notify.info('Hidden on this device. Sign in to decline it for good.');
      return;
    }
    setDeclineBusy(true);
    try {
      if (declineMode === 'link') {
        await apiRequest('/api/backend/handle-trip-invitation', { method: 'POST', body: { token, action: 'decline' } });
      } else {
        await apiRequest(`/api/backend/decline-trip-invitation/${encodeURIComponent(invitation.id)}`, {
          method: 'DELETE',
          accessToken: await sessionStore.accessToken(),
        });
      }
      notify.info(`You declined the invitation to ${invitation.trip_name}.`);
      setState((s) => (s.status === 'ready' ? { ...s, invitations: s.invitations.filter((i) => i.id !== invitation.id) } : s));
    } catch (error) {
      notify.error(error instanceof ApiError && error.status !== 0 ? error.message : TripMessages.declineFailed, TripMessages.declineFailed);
      void load();
    } finally {
      setDeclineBusy(false);
      setDeclineOpen(false);
    }
  };

  const otherAccount = !!user && !isInvitee;

  return (
    <Stack gap="lg" maw={760} mx="auto">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Pending Invitations
        </Title>
        <Text c="dark.4" mt={4} style={{ wordBreak: 'break-word' }}>
          Trip invitations for <strong>{email}</strong>
        </Text>
      </div>

      {otherAccount && (
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title="You're signed in with a different account">
          <Stack gap="xs">
            <Text fz="sm" style={{ wordBreak: 'break-word' }}>
              You're signed in as {user.email}, but these invitations were sent to {email}. Only that account can answer them.
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => void signOut()}>
                Sign out
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      {state.status === 'loading' && <Loading />}

      {state.status === 'forbidden' && (
        <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden>
              <IconLock size={30} />
            </ThemeIcon>
            <Title order={2} fz="xl">
              Open the link from your invitation email
            </Title>
            <Text>{state.message}</Text>
            <Text c="dark.4" fz="sm">
              The link in the email shows that these invitations are yours. If it has expired, ask the person who invited you to send it again.
              {!user && ' If you already have an account with this address, sign in to see them.'}
            </Text>
            <Group gap="sm" mt="xs" justify="center">
              {!user && (
                <Button component={Link} to={signInHref}>
                  Sign in
                </Button>
              )}
              <Button component={Link} to="/" variant="default">
                Go to Homepage
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      {state.status === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" title="Could not load your invitations">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{state.message}</Text>
            <Button size="xs" variant="default" onClick={() => void load()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}

      {state.status === 'ready' && visible.length === 0 && (
        <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
              <IconMailOff size={30} />
            </ThemeIcon>
            <Title order={2} fz="xl">
              No Pending Invitations
            </Title>
            <Text c="dark.4">There are no trip invitations waiting for this address. They may have been answered or withdrawn.</Text>
            {hiddenCount > 0 && (
              <Anchor component="button" type="button" fz="sm" onClick={() => setHidden(hiddenInvitations.clear(email))}>
                Show the {hiddenCount === 1 ? 'invitation' : `${hiddenCount} invitations`} you hid on this device
              </Anchor>
            )}
            <Button component={Link} to={user ? '/dashboard' : '/'} variant="default" mt="xs">
              {user ? 'Go to dashboard' : 'Go to Homepage'}
            </Button>
          </Stack>
        </Paper>
      )}

      {visible.length > 0 && (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Pending invitations">
          {visible.map((invitation) => (
            <li key={invitation.id}>
              <InvitationCard
                invitation={invitation}
                busy={busy === invitation.id}
                disabled={otherAccount || (busy !== null && busy !== invitation.id)}
                onAccept={() => void accept(invitation)}
                onDecline={() => {
                  setDeclining(invitation);
                  setDeclineOpen(true);
                }}
              />
            </li>
          ))}
        </Stack>
      )}

      {hiddenCount > 0 && visible.length > 0 && (
        <Anchor component="button" type="button" fz="sm" onClick={() => setHidden(hiddenInvitations.clear(email))} ta="left">
          Show the {hiddenCount === 1 ? 'invitation' : `${hiddenCount} invitations`} you hid on this device
        </Anchor>
      )}

      {!user && state.status === 'ready' && (
        <Paper p="md" bg="lagoon.0" radius="md">
          <Text fz="sm" c="lagoon.9">
            Don't have an account? You'll be able to create one when you accept an invitation.{' '}
            <Text span fz="sm" c="dark.6">
              Already have one for {email}?{' '}
              <Anchor component={Link} to={signInHref} fw={600} fz="sm" c="lagoon.9" underline="always">
                Sign in
              </Anchor>{' '}
              to answer here.
            </Text>
          </Text>
        </Paper>
      )}

      <ConfirmDialog
        opened={declineOpen}
        title={declineMode === 'hide' ? 'Hide this invitation?' : 'Decline invitation?'}
        confirmLabel={declineMode === 'hide' ? 'Hide on this device' : 'Decline'}
        color={declineMode === 'hide' ? 'lagoon' : 'red.9'}
        loading={declineBusy}
        onConfirm={() => void confirmDecline()}
        onClose={() => setDeclineOpen(false)}
        extra={
          declineMode === 'hide' && !user ? (
            <Button component={Link} to={signInHref} variant="light">
              Sign in to decline
            </Button>
          ) : undefined
        }
      >
        {declineMode !== 'hide' ? (
          <Text fz="sm">
            Decline the invitation to {declining?.trip_name}? To join later, you'll need a new invitation
            {declining?.invited_by_name ? ` from ${declining.invited_by_name}` : ''}.
          </Text>
        ) : (
          <Stack gap="xs">
            <Text fz="sm">Declining needs your Tripcrew account, so right now we can only hide the invitation to {declining?.trip_name} on this device.</Text>
            <Text fz="sm" c="dark.4">
              {declining?.invited_by_name ?? 'The person who invited you'} is not told. Sign in to decline it for good.
            </Text>
          </Stack>
        )}
      </ConfirmDialog>
    </Stack>
  );
}

function InvitationCard({
  invitation,
  busy,
  disabled,
  onAccept,
  onDecline,
}: {
  invitation: PublicInvitation;
  busy: boolean;
  disabled: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="article" aria-label={`Invitation to ${invitation.trip_name}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} fz={{ base: 'lg', sm: 'xl' }} style={{ wordBreak: 'break-word' }}>
            {invitation.trip_name}
          </Title>
          <Badge color="coral" c="coral.9" variant="light" style={{ flexShrink: 0 }}>
            Pending
          </Badge>
        </Group>
        <Stack gap={4}>
          {invitation.trip_destination && (
            <Group gap={8} wrap="nowrap">
              <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text fz="sm">{invitation.trip_destination}</Text>
            </Group>
          )}
          <Group gap={8} wrap="nowrap">
            <IconCalendar size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text fz="sm">{formatDateRange(invitation.trip_start_date, invitation.trip_end_date)}</Text>
          </Group>
          {invitation.invited_by_name && (
            <Group gap={8} wrap="nowrap">
              <IconUser size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text fz="sm">Invited by {invitation.invited_by_name}</Text>
            </Group>
          )}
        </Stack>
        {invitation.message && (
          <Text fz="sm" fs="italic" c="dark.5" p="sm" bg="gray.0" style={{ borderRadius: 8, wordBreak: 'break-word' }}>
            “{invitation.message}”
          </Text>
        )}
        <Flex gap="sm" direction={{ base: 'column', xs: 'row' }}>
          <Button leftSection={<IconCheck size={18} />} loading={busy} disabled={disabled} onClick={onAccept}>
            Accept Invitation
          </Button>
          <Button variant="default" leftSection={<IconX size={18} />} disabled={disabled || busy} onClick={onDecline}>
            Decline
          </Button>
        </Flex>
      </Stack>
    </Paper>
  );
}
