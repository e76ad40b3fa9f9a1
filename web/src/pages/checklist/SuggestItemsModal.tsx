/**
 * "Suggest items": what the trip seems to need (its climate, length, itinerary, reservations and
 * the crew's preferences) that its checklists do not hold yet, each with its reason. The member
 * ticks the ones to add; per-person items go on each member's own list, shared ones once.
 */
import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { Suspense, useMemo, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { SuggestItemsModalQuery } from '../../__generated__/SuggestItemsModalQuery.graphql';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { notify } from '../../platform/notify';
import { useAddSuggestedItems } from './useAddSuggestedItems';

const Query = graphql`
  query SuggestItemsModalQuery($id: ID!) {
    node(id: $id) {
      ... on Trip {
        checklistSuggestions {
          description
          category
          reason
          perPerson
        }
      }
    }
  }
`;

const CATEGORY_NAMES: Record<string, string> = { PACKING_LIST: 'Packing List', PRE_TRIP: 'Pre-trip Tasks', DURING_TRIP: 'During Trip' };

export function SuggestItemsModal({ tripId, opened, onClose, onAdded }: { tripId: string; opened: boolean; onClose: () => void; onAdded: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Suggested items" size="lg" closeButtonProps={closeButtonProps} styles={modalStyles}>
      {opened && (
        <Suspense
          fallback={
            <Group gap="xs" role="status" aria-label="Loading suggestions" py="md">
              <Loader size="sm" />
              <Text fz="sm">Looking at the trip…</Text>
            </Group>
          }
        >
          <SuggestionList tripId={tripId} onClose={onClose} onAdded={onAdded} />
        </Suspense>
      )}
    </Modal>
  );
}

function SuggestionList({ tripId, onClose, onAdded }: { tripId: string; onClose: () => void; onAdded: () => void }) {
  const data = useLazyLoadQuery<SuggestItemsModalQuery>(Query, { id: tripId }, { fetchPolicy: 'network-only' });
  const suggestions = useMemo(() => data.node?.checklistSuggestions ?? [], [data.node]);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(suggestions.map((s) => s.description)));
  const [add, adding] = useAddSuggestedItems();

  if (!suggestions.length)
    return (
      <Stack gap="sm">
        <Text>Nothing to suggest: the trip’s checklists already hold everything we would have suggested.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );

  const toggle = (description: string, on: boolean) =>
    setChosen((cur) => {
      const next = new Set(cur);
      if (on) next.add(description);
      else next.delete(description);
      return next;
    });

  const submit = async () => {
    const items = suggestions
      .filter((s) => chosen.has(s.description))
      .map((s) => ({ description: s.description, category: s.category, perPerson: s.perPerson }));
    const outcome = await add(tripId, items);
    if (!outcome.ok) return notify.error(outcome.message);
    notify.success(`${outcome.value} ${outcome.value === 1 ? 'item' : 'items'} added.`, 'Checklist updated');
    onAdded();
    onClose();
  };

  return (
    <Stack gap="sm">
      <Text fz="sm" c="dark.4">
        Built from the destination’s climate for your dates, the trip’s length and itinerary, its reservations and everyone’s travel preferences. “Each person”
        items go on every member’s own list.
      </Text>
      <Group gap="xs">
        <Button size="compact-sm" variant="subtle" onClick={() => setChosen(new Set(suggestions.map((s) => s.description)))}>
          Select all
        </Button>
        <Button size="compact-sm" variant="subtle" onClick={() => setChosen(new Set())}>
          Select none
        </Button>
      </Group>
      <ScrollArea.Autosize mah="55vh" type="auto">
        <Stack gap="sm" role="group" aria-label="Suggested items">
          {suggestions.map((s) => (
            <Checkbox
              key={s.description}
              checked={chosen.has(s.description)}
              onChange={(e) => toggle(s.description, e.currentTarget.checked)}
              label={
                <Group gap={6} wrap="wrap">
                  <Text fw={600} fz="sm">
                    {s.description}
                  </Text>
                  <Badge size="xs" variant="light" color="gray">
                    {CATEGORY_NAMES[s.category] ?? s.category}
                  </Badge>
                  <Badge size="xs" variant="light" color={s.perPerson ? 'teal' : 'grape'}>
                    {s.perPerson ? 'Each person' : 'Shared'}
                  </Badge>
                </Group>
              }
              description={s.reason}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {chosen.size === 0 && <Alert color="gray">Tick the items to add.</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button loading={adding} disabled={chosen.size === 0} onClick={() => void submit()}>
          Add {chosen.size} {chosen.size === 1 ? 'item' : 'items'}
        </Button>
      </Group>
    </Stack>
  );
}
