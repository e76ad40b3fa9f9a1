/**
 * /dashboard/reservations: the forwarding address and panel, then the reservations read from
 * forwarded e-mails. Live: a forwarded e-mail (or a change from another tab) publishes
 * RESERVATIONS on the viewer's channel and the page reads its query again at once.
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { graphql } from 'react-relay';
import type { ReservationsPageQuery } from '../../__generated__/ReservationsPageQuery.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ReservationMessages } from '../../platform/domain';
import { useLiveRefetch } from '../../platform/live';
import { notify } from '../../platform/notify';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { AddToTripModal } from './AddToTripModal';
import { ForwardingPanel } from './ForwardingPanel';
import type { ReservationData } from './ReservationCard';
import { ReservationEditModal } from './ReservationEditModal';
import { ReservationList } from './ReservationList';
import { useClearReservations } from './useClearReservations';
import { useDeleteReservation } from './useDeleteReservation';
import { useFlash } from './useFlash';
import { useResetForwardingAddress } from './useResetForwardingAddress';

const Query = graphql`
  query ReservationsPageQuery {
    viewer {
      id
      forwardingAddress
      ...ReservationList_viewer
    }
    reservationSources
  }
`;

export default function ReservationsPage() {
  const { viewer, reservationSources } = useRouteQuery<ReservationsPageQuery>(Query);
  const refetch = useLiveRefetch<ReservationsPageQuery>(['RESERVATIONS'], Query, () => ({}));
  const [flash, showFlash] = useFlash();
  const [editing, setEditing] = useState<ReservationData | null>(null);
  const [adding, setAdding] = useState<ReservationData | null>(null);
  const [deleting, setDeleting] = useState<{ r: ReservationData; connectionId: string } | null>(null);
  const [clearing, setClearing] = useState(false);
  const [remove, removing] = useDeleteReservation();
  const [clear, clearInFlight] = useClearReservations();
  const [resettingAddress, setResettingAddress] = useState(false);
  const [resetAddress, resetInFlight] = useResetForwardingAddress();
  if (!viewer) return null; // the shell signs out a session the server no longer knows

  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1}>Reservations</Title>
        <Text c="dimmed">Forward your booking confirmation e-mails to your personal address below and they show up here, ready to add to a trip.</Text>
      </div>
      <ForwardingPanel address={viewer.forwardingAddress} sources={reservationSources} onReset={() => setResettingAddress(true)} />
      {flash && (
        <Alert color="teal" role="status" variant="light">
          {flash}
        </Alert>
      )}
      <ReservationList
        viewer={viewer}
        onEdit={setEditing}
        onAddToTrip={setAdding}
        onDelete={(r, connectionId) => setDeleting({ r, connectionId })}
        onClearAll={() => setClearing(true)}
      />
      <ReservationEditModal reservation={editing} onClose={() => setEditing(null)} onSaved={() => showFlash(ReservationMessages.updated)} />
      <AddToTripModal reservation={adding} onClose={() => setAdding(null)} onAdded={() => showFlash(ReservationMessages.added)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete reservation?"
        confirmLabel="Delete"
        loading={removing}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const outcome = await remove(deleting.r.id, deleting.connectionId);
          setDeleting(null);
          if (outcome.ok) showFlash(ReservationMessages.deleted);
          else notify.error(outcome.message);
          refetch();
        }}
      >
        “{deleting?.r.title}” will be removed from your reservations. An item already added to a trip stays there.
      </ConfirmDialog>
      <ConfirmDialog
        opened={clearing}
        title="Clear all reservations?"
        confirmLabel="Clear All"
        loading={clearInFlight}
        onClose={() => setClearing(false)}
        onConfirm={async () => {
          const outcome = await clear();
          setClearing(false);
          if (outcome.ok) showFlash(ReservationMessages.cleared);
          else notify.error(outcome.message);
        }}
      >
        Every reservation on this page will be deleted. Items already added to trips stay on them.
      </ConfirmDialog>
      <ConfirmDialog
        opened={resettingAddress}
        title="Reset forwarding address?"
        confirmLabel="Reset address"
        loading={resetInFlight}
        onClose={() => setResettingAddress(false)}
        onConfirm={async () => {
          const outcome = await resetAddress();
          setResettingAddress(false);
          if (outcome.ok) notify.success(ReservationMessages.addressReset);
          else notify.error(outcome.message);
        }}
      >
        {ReservationMessages.resetAddressConfirm}
      </ConfirmDialog>
    </Stack>
  );
}
