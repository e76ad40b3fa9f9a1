/**
 * /dashboard/mapped: the countries and cities the viewer has been to, on a world map drawn in
 * the browser (WorldMap), with the counts, the list (the map's text equivalent) and a country
 * picker to mark visits from before Tripcrew. The waitlist for what comes next stays below.
 */
import { Badge, Button, Group, Paper, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { MappedPageQuery } from '../../__generated__/MappedPageQuery.graphql';
import type { MappedPage_viewer$key } from '../../__generated__/MappedPage_viewer.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateRange } from '../../components/dateFormat';
import { WORLD_COUNTRIES } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { countryOptions } from './countryNames';
import { MappedWaitlist } from './MappedWaitlist';
import { useSetVisitedCountry } from './useSetVisitedCountry';
import { WorldMap } from './WorldMap';

const Query = graphql`
  query MappedPageQuery {
    viewer {
      id
      ...MappedPage_viewer
    }
  }
`;

const Fragment = graphql`
  fragment MappedPage_viewer on User {
    mapped {
      countries {
        code
        name
        trips
        firstVisit
        lastVisit
        manual
      }
      cities {
        name
        country
        latitude
        longitude
        trips
      }
      shareOfWorld
    }
  }
`;

export default function MappedPage() {
  const { viewer } = useRouteQuery<MappedPageQuery>(Query);
  if (!viewer) return null;
  return <MappedView viewer={viewer} />;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function MappedView({ viewer }: { viewer: MappedPage_viewer$key }) {
  const { mapped } = useFragment(Fragment, viewer);
  const [setVisited, saving] = useSetVisitedCountry();
  const [picked, setPicked] = useState<string | null>(null);
  const [unmark, setUnmark] = useState<{ code: string; name: string } | null>(null);
  const visits = useMemo(() => new Map(mapped.countries.map((c) => [c.code, c.trips])), [mapped.countries]);
  const options = useMemo(() => countryOptions().filter((o) => !visits.has(o.value)), [visits]);
  const percent = Math.round(mapped.shareOfWorld * 100);
  const headline = `${plural(mapped.countries.length, 'country', 'countries')}, ${percent}% of the world`;

  const mark = async (event: FormEvent) => {
    event.preventDefault();
    if (!picked) return;
    const name = options.find((o) => o.value === picked)?.label ?? picked;
    const outcome = await setVisited(picked, true);
    if (outcome.ok) {
      notify.success(`${name} is on your map.`);
      setPicked(null);
    } else notify.error(outcome.message);
  };

  const confirmUnmark = async () => {
    if (!unmark) return;
    const outcome = await setVisited(unmark.code, false);
    if (outcome.ok) notify.success(`${unmark.name} is no longer marked by hand.`);
    else notify.error(outcome.message);
    setUnmark(null);
  };

  return (
    <Stack gap="xl" maw={1100}>
      <Stack gap={4}>
        <Title order={1}>Mapped</Title>
        <Text fz="xl" fw={700} data-testid="mapped-headline">
          {headline}
        </Text>
        <Text c="gray.7" fz="sm">
          Your trips’ destinations and flights fill the map on their own; mark the countries you visited before. The share is of the {WORLD_COUNTRIES} sovereign
          states.
        </Text>
      </Stack>

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <WorldMap visits={visits} pins={mapped.cities} label={`World map: ${headline}. The same countries are listed below.`} />
        <Group gap="md" mt="xs" fz="xs" c="gray.7" aria-hidden>
          <Legend color="var(--mantine-color-teal-2)" text="Marked by hand" />
          <Legend color="var(--mantine-color-teal-4)" text="1 trip" />
          <Legend color="var(--mantine-color-teal-6)" text="2 trips" />
          <Legend color="var(--mantine-color-teal-8)" text="3 or more" />
        </Group>
      </Paper>

      <Paper withBorder radius="md" p="md" component="form" onSubmit={mark}>
        <Group align="flex-end" gap="sm">
          <Select
            label="Mark a country you have been to"
            placeholder="Search countries"
            searchable
            data={options}
            value={picked}
            onChange={setPicked}
            nothingFoundMessage="No country by that name"
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button type="submit" loading={saving} disabled={!picked}>
            Mark visited
          </Button>
        </Group>
      </Paper>

      <Stack gap="xs" component="section" aria-labelledby="mapped-countries">
        <Title order={2} fz="lg" id="mapped-countries">
          Countries
        </Title>
        {mapped.countries.length === 0 ? (
          <Text c="gray.7">No countries yet. Add a destination to a trip, or mark a country above.</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped verticalSpacing="xs" data-testid="mapped-countries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Country</Table.Th>
                  <Table.Th>Trips</Table.Th>
                  <Table.Th visibleFrom="sm">Visits</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mapped.countries.map((c) => (
                  <Table.Tr key={c.code}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text fz="sm" fw={600}>
                          {c.name}
                        </Text>
                        {c.manual && (
                          <Badge size="xs" variant="light" color="gray">
                            by hand
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{c.trips}</Table.Td>
                    <Table.Td visibleFrom="sm">{c.firstVisit ? formatDateRange(c.firstVisit, c.lastVisit) : '—'}</Table.Td>
                    <Table.Td>
                      {c.manual && (
                        <Button size="compact-xs" variant="subtle" color="red.9" onClick={() => setUnmark({ code: c.code, name: c.name })}>
                          Remove mark<VisuallyHidden> for {c.name}</VisuallyHidden>
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      {mapped.cities.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="mapped-cities">
          <Title order={2} fz="lg" id="mapped-cities">
            Cities
          </Title>
          <Group gap="xs">
            {mapped.cities.map((c) => (
              <Badge key={`${c.name}-${c.country}`} variant="outline" size="lg" tt="none">
                {c.name}
                {c.trips > 1 ? ` ×${c.trips}` : ''}
              </Badge>
            ))}
          </Group>
        </Stack>
      )}

      <MappedWaitlist />

      <ConfirmDialog
        opened={unmark !== null}
        title="Remove this mark?"
        confirmLabel="Remove mark"
        loading={saving}
        onConfirm={confirmUnmark}
        onClose={() => setUnmark(null)}
      >
        {unmark?.name} will stay on the map only if one of your trips went there.
      </ConfirmDialog>
    </Stack>
  );
}

function Legend({ color, text }: { color: string; text: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <span style={{ width: 12, height: 12, borderRadius: 2, background: color, display: 'inline-block' }} />
      {text}
    </Group>
  );
}
