/**
 * 'Add to Trip': choose one of the viewer's trips (Add to Trip stays disabled until one is
 * chosen), or 'Create New Trip' and add it there. The server decides: dates outside the trip
 * and a trip that is gone come back in its own words, shown here.
 */
import { Alert, Button, Group, Modal, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { Suspense, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { AddToTripModalQuery } from '../../__generated__/AddToTripModalQuery.graphql';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { formatDateRange } from '../../components/dateFormat';
import { ReservationMessages } from '../../platform/domain';
import { CreateTripModal } from '../trips/TripFormModal';
import type { ReservationData } from './ReservationCard';
import { useAddReservationToTrip } from './useAddReservationToTrip';

const Query = graphql`
  query AddToTripModalQuery {
    viewer {
      id
      trips(first: 100) {
        edges {
          node {
            id
            name
            startDate
            endDate
          }
        }
      }
    }
  }
`;

interface Props {
  reservation: ReservationData | null;
  onClose: () => void;
  onAdded: () => void;
}

export function AddToTripModal({ reservation, onClose, onAdded }: Props) {
  const [creating, setCreating] = useState(false);
  const [add, adding] = useAddReservationToTrip();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const addTo = async (tripId: string) => {
    if (!reservation) return;
    setError(null);
    const outcome = await add(reservation.id, tripId);
    if (outcome.ok) {
      onAdded();
      close();
    } else setError(outcome.message);
  };
  return (
    <>
      <Modal
        styles={modalStyles}
        closeButtonProps={closeButtonProps}
        opened={reservation !== null && !creating}
        onClose={close}
        title="Add to Trip"
        radius="lg"
      >
        {reservation && (
          <Stack gap="sm">
            <Text size="sm">
              Add <strong>{reservation.title}</strong> to one of your trips.
            </Text>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Suspense fallback={<Skeleton height={60} />}>
              <TripPicker key={reservation.id} adding={adding} onAdd={addTo} onCreate={() => setCreating(true)} onCancel={close} />
            </Suspense>
          </Stack>
        )}
      </Modal>
      {creating && (
        <CreateTripModal
          opened
          nameFirst
          viewerId={null}
          onClose={() => setCreating(false)}
          onCreated={(trip) => {
            setCreating(false);
            void addTo(trip.id);
          }}
        />
      )}
    </>
  );
}

function TripPicker({ adding, onAdd, onCreate, onCancel }: { adding: boolean; onAdd: (tripId: string) => void; onCreate: () => void; onCancel: () => void }) {
  const data = useLazyLoadQuery<AddToTripModalQuery>(Query, {}, { fetchPolicy: 'store-and-network' });
  const trips = data.viewer?.trips.edges.map((e) => e.node) ?? [];
  const [tripId, setTripId] = useState('');
  return (
    <Stack gap="sm">
      {trips.length ? (
        <NativeSelect
          label="Trip"
          value={tripId}
          onChange={(e) => setTripId(e.currentTarget.value)}
          data={[
            { value: '', label: 'Select a trip' },
            ...trips.map((t) => ({ value: t.id, label: `${t.name} (${formatDateRange(t.startDate, t.endDate)})` })),
          ]}
        />
      ) : (
        <Text size="sm">{ReservationMessages.noTrips}</Text>
      )}
      <Group justify="space-between" wrap="wrap">
        <Button variant="light" onClick={onCreate} disabled={adding}>
          Create New Trip
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={onCancel} disabled={adding}>
            Cancel
          </Button>
          <Button onClick={() => onAdd(tripId)} disabled={!tripId} loading={adding}>
            Add to Trip
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
