import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconBulb, IconPlus } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link } from 'react-router-dom';
import type { AddToTripButtonQuery } from '../../__generated__/AddToTripButtonQuery.graphql';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { notify } from '../../platform/notify';
import { Loading } from '../../components/Loading';
import { useAddPendingItineraryItem } from '../itinerary/useAddPendingItineraryItem';
import { ideasConnectionId } from '../decisions/connections';
import { useAddIdea } from '../decisions/useAddIdea';

const Query = graphql`
  query AddToTripButtonQuery {
    viewer {
      trips(first: 100) {
        edges {
          node {
            id
            name
          }
        }
      }
    }
  }
`;

type PlaceType = 'ACCOMMODATION' | 'ACTIVITY';
/** Where the place goes: straight onto the plan (pending), or onto the trip's ideas board for the crew to vote on. */
type Target = 'plan' | 'ideas';

function TripChooser({ place, city, type, target, onDone }: { place: string; city: string; type: PlaceType; target: Target; onDone: () => void }) {
  const data = useLazyLoadQuery<AddToTripButtonQuery>(Query, {}, { fetchPolicy: 'store-and-network' });
  const trips = (data.viewer?.trips.edges ?? []).map((e) => ({ value: e.node.id, label: e.node.name }));
  const [tripId, setTripId] = useState<string | null>(trips[0]?.value ?? null);
  const [add, adding] = useAddPendingItineraryItem(null);
  const [addIdea, addingIdea] = useAddIdea(tripId ?? '', ideasConnectionId(tripId ?? ''));
  if (trips.length === 0) {
    return (
      <Stack gap="sm">
        <Text>You have no trips yet.</Text>
        <Button component={Link} to="/dashboard/trips">
          Create a trip
        </Button>
      </Stack>
    );
  }
  const submit = async () => {
    if (!tripId) return;
    const tripName = trips.find((t) => t.value === tripId)?.label ?? 'your trip';
    if (target === 'ideas') {
      const outcome = await addIdea({ title: place.slice(0, 200), location: city || null });
      if (!outcome.ok) return notify.error(outcome.message);
      notify.success(`${place} saved to the ideas of ${tripName}.`);
      return onDone();
    }
    const outcome = await add({ tripId, title: place, type, location: city });
    if (!outcome.ok) return notify.error(outcome.message);
    notify.success(`${place} added to ${tripName} as pending.`);
    onDone();
  };
  return (
    <Stack gap="md">
      <Select label="Trip" data={trips} value={tripId} onChange={setTripId} allowDeselect={false} comboboxProps={{ withinPortal: true }} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={submit} loading={adding || addingIdea} disabled={!tripId}>
          {target === 'ideas' ? 'Save' : 'Add'}
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Add to Trip' on a story's place, for a signed-in reader (StoryPlaceActions shows a visitor the sign-in link): puts it on one of the reader's trips as a pending item. */
export function AddToTripButton({ place, city, type = 'ACTIVITY' }: { place: string; city: string; type?: PlaceType }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setOpened(true)} aria-label={`Add ${place} to a trip`}>
        Add to Trip
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Add ${place} to a trip`} styles={modalStyles} closeButtonProps={closeButtonProps}>
        <Suspense fallback={<Loading />}>
          {opened && <TripChooser place={place} city={city} type={type} target="plan" onDone={() => setOpened(false)} />}
        </Suspense>
      </Modal>
    </>
  );
}

/** 'Save to ideas' beside 'Add to Trip', for a signed-in reader: puts the place on one of the reader's trips' ideas board, for the crew to vote on first. */
export function SaveToIdeasButton({ place, city }: { place: string; city: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" variant="subtle" leftSection={<IconBulb size={14} />} onClick={() => setOpened(true)} aria-label={`Save ${place} to a trip's ideas`}>
        Save to ideas
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Save ${place} to a trip's ideas`}
        styles={modalStyles}
        closeButtonProps={closeButtonProps}
      >
        <Suspense fallback={<Loading />}>
          {opened && <TripChooser place={place} city={city} type="ACTIVITY" target="ideas" onDone={() => setOpened(false)} />}
        </Suspense>
      </Modal>
    </>
  );
}
