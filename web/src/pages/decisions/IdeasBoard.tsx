/**
 * The ideas board: Add idea (a title; a place from the place search, a link, notes, an estimated
 * cost, all optional), the ideas sorted by votes (or newest), and an empty state that teaches.
 */
import { Button, Group, Modal, Paper, SegmentedControl, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconBulb, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { IdeasBoard_trip$key } from '../../__generated__/IdeasBoard_trip.graphql';
import { PlaceSearchInput, type PlaceValue } from '../../components/PlaceSearchInput';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { DecisionMessages as M } from '../../platform/domain';
import { formErrors } from '../../platform/formErrors';
import { notify } from '../../platform/notify';
import { ideaProblems } from '../../platform/rules';
import { itineraryConnectionId } from '../itinerary/connection';
import { ideasConnectionId } from './connections';
import { tripDays } from './days';
import { IdeaCard } from './IdeaCard';
import { useAddIdea } from './useAddIdea';
import { FormActions } from '../../components/FormActions';

const Fragment = graphql`
  fragment IdeasBoard_trip on Trip {
    id
    currency
    startDate
    endDate
    destination {
      latitude
      longitude
    }
    ideas(first: 200) @connection(key: "DecidePanel_ideas") {
      edges {
        node {
          id
          voteCount
          createdAt
          ...IdeaCard_idea
        }
      }
    }
  }
`;

type Field = 'title' | 'url' | 'notes' | 'location' | 'estimatedCost';
const FIELDS: Field[] = ['title', 'url', 'notes', 'location', 'estimatedCost'];

function IdeaFormModal({
  opened,
  onClose,
  tripId,
  currency,
  near,
}: {
  opened: boolean;
  onClose: () => void;
  tripId: string;
  currency: string;
  near: { latitude: number; longitude: number } | null;
}) {
  const [add, saving] = useAddIdea(tripId, ideasConnectionId(tripId));
  const [title, setTitle] = useState('');
  const [place, setPlace] = useState<PlaceValue | null>(null);
  const [url, setUrl] = useState('');
  const [notes, setNotes] = useState('');
  const [cost, setCost] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);

  const reset = () => {
    setTitle('');
    setPlace(null);
    setUrl('');
    setNotes('');
    setCost('');
    setErrors({});
    setNotice(null);
  };
  const submit = async () => {
    const input = {
      title,
      url: url || null,
      notes: notes || null,
      location: place ? [place.mainText, place.secondaryText].filter(Boolean).join(', ') : null,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      estimatedCost: cost || null,
    };
    const problems = ideaProblems(input, currency);
    if (problems.length) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field === 'latitude' || p.field === 'longitude' ? 'location' : p.field, p.message])));
      return;
    }
    const outcome = await add(input);
    if (outcome.ok) {
      notify.success('Idea added.');
      reset();
      onClose();
      return;
    }
    const shown = formErrors(outcome, FIELDS);
    setErrors(shown.fields);
    setNotice(shown.notice);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add an idea" styles={modalStyles} closeButtonProps={closeButtonProps} closeOnClickOutside={!saving}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label="Idea"
            placeholder="Sunset at the viewpoint"
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            data-autofocus
          />
          <PlaceSearchInput label="Place (optional)" value={place} onChange={setPlace} near={near} error={errors.location} />
          <TextInput label="Link (optional)" placeholder="https://" value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={errors.url} />
          <Textarea label="Notes (optional)" autosize minRows={2} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} error={errors.notes} />
          <TextInput
            label={`Estimated cost per person (${currency}, optional)`}
            inputMode="decimal"
            value={cost}
            onChange={(e) => setCost(e.currentTarget.value)}
            error={errors.estimatedCost}
          />
          {notice && (
            <Text c="red.9" fz="sm" role="alert">
              {notice}
            </Text>
          )}
          <FormActions onCancel={onClose} saving={saving} submitLabel="Add idea" />
        </Stack>
      </form>
    </Modal>
  );
}

export function IdeasBoard({ trip }: { trip: IdeasBoard_trip$key }) {
  const data = useFragment(Fragment, trip);
  const [adding, setAdding] = useState(false);
  const [sort, setSort] = useState<'votes' | 'newest'>('votes');
  const days = useMemo(() => tripDays(data.startDate, data.endDate), [data.startDate, data.endDate]);
  const ideas = useMemo(() => {
    const nodes = data.ideas.edges.map((e) => e.node);
    return [...nodes].sort((a, b) =>
      sort === 'votes' ? b.voteCount - a.voteCount || a.createdAt.localeCompare(b.createdAt) : b.createdAt.localeCompare(a.createdAt),
    );
  }, [data.ideas.edges, sort]);
  const near =
    data.destination?.latitude != null && data.destination.longitude != null
      ? { latitude: data.destination.latitude, longitude: data.destination.longitude }
      : null;

  return (
    <Stack gap="md" component="section" aria-labelledby="ideas-heading">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="xl" id="ideas-heading">
          Ideas
        </Title>
        <Group gap="xs">
          {ideas.length > 1 && (
            <SegmentedControl
              size="xs"
              aria-label="Sort ideas"
              value={sort}
              onChange={(v) => setSort(v as 'votes' | 'newest')}
              data={[
                { value: 'votes', label: 'Most votes' },
                { value: 'newest', label: 'Newest' },
              ]}
            />
          )}
          <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add idea
          </Button>
        </Group>
      </Group>
      {ideas.length === 0 ? (
        <Paper withBorder p="lg">
          <Stack align="center" gap="xs">
            <IconBulb size={32} aria-hidden />
            <Text ta="center" c="dark.4">
              {M.noIdeas}
            </Text>
          </Stack>
        </Paper>
      ) : (
        ideas.map((idea) => (
          <IdeaCard key={idea.id} idea={idea} days={days} ideasConnection={ideasConnectionId(data.id)} itineraryConnection={itineraryConnectionId(data.id)} />
        ))
      )}
      <IdeaFormModal opened={adding} onClose={() => setAdding(false)} tripId={data.id} currency={data.currency} near={near} />
    </Stack>
  );
}
