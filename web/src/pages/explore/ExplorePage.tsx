/**
 * /dashboard/explore (parameters city, lat, lon): search and category chips over the
 * destinations, a detail view with 'Plan Trip to X' (the trip form, prefilled) and 'Save to
 * Wishlist' (kept per traveller on the server), popular stories and links to write or read more.
 */
import { Anchor, Badge, Button, Card, Chip, Grid, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch, IconStarFilled } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { PlaceValue } from '../../components/PlaceSearchInput';
import { DESTINATIONS, EXPLORE_CATEGORIES, usualWeather, type Destination } from '../../platform/domain';
import { signedInRequest, formatPrice } from '../guides/guideApi';
import { CreateTripModal } from '../trips/tripModals';
import { tripIdOf } from '../trips/ids';
import { DestinationDetail } from './DestinationDetail';
import { PopularStories } from './PopularStories';
import { useSaveToWishlist, type SavedWishlistItem } from './useWishlist';

const matches = (d: Destination, search: string, category: string) => {
  const q = search.trim().toLowerCase();
  const inText = !q || [d.name, d.country, d.description, ...d.attractions, ...d.activities].some((t) => t.toLowerCase().includes(q));
  return inText && (category === 'all' || d.category === category);
};

const placeOf = (d: Destination): PlaceValue => ({
  mainText: d.name,
  secondaryText: d.country,
  description: `${d.name}, ${d.country}`,
  latitude: d.latitude,
  longitude: d.longitude,
});

/** A place from the page's parameters (a guide's 'Plan {city} Trip'); coordinates only when both are numbers. */
function placeFromParams(city: string, lat: string | null, lon: string | null): PlaceValue {
  const latitude = Number(lat);
  const longitude = Number(lon);
  const located =
    lat !== null && lon !== null && Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  return { mainText: city, description: city, ...(located ? { latitude, longitude } : {}) };
}

export default function ExplorePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const city = params.get('city')?.trim() ?? '';
  const fromCity = city ? DESTINATIONS.find((d) => d.name.toLowerCase() === city.toLowerCase()) : undefined;
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [selectedId, setSelectedId] = useState<string | null>(fromCity?.id ?? null);
  const [planning, setPlanning] = useState<PlaceValue | null>(null);
  const [saved, setSaved] = useState<Set<string>>(new Set());
  const [save, saving] = useSaveToWishlist();

  useEffect(() => {
    signedInRequest<{ items: SavedWishlistItem[] }>('/api/backend/wishlist?kind=destination&limit=100').then(
      ({ items }) => setSaved(new Set(items.map((i) => i.item_key))),
      () => undefined, // the buttons still work; they only cannot show what was saved before
    );
  }, []);

  // The reader's own month: the cards say what the weather is usually like there now.
  const month = new Date().getMonth();
  const shown = useMemo(() => DESTINATIONS.filter((d) => matches(d, search, category)), [search, category]);
  const selected = DESTINATIONS.find((d) => d.id === selectedId) ?? null;
  const saveDestination = async (d: Destination) => {
    const item = await save({
      kind: 'destination',
      itemKey: d.id,
      title: d.name,
      subtitle: d.country,
      url: `/dashboard/explore?city=${encodeURIComponent(d.name)}`,
    });
    if (item) setSaved((s) => new Set(s).add(d.id));
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Explore</Title>
        <Text c="dimmed">Find your crew’s next destination.</Text>
      </Stack>
      {city && !fromCity && (
        <Card withBorder radius="md" padding="lg">
          <Group justify="space-between">
            <Text fw={600}>Ready to plan {city}?</Text>
            <Button color="coral.8" onClick={() => setPlanning(placeFromParams(city, params.get('lat'), params.get('lon')))}>
              Plan Trip to {city}
            </Button>
          </Group>
        </Card>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {selected ? (
            <DestinationDetail
              destination={selected}
              saved={saved.has(selected.id)}
              saving={saving}
              onBack={() => setSelectedId(null)}
              onPlan={() => setPlanning(placeOf(selected))}
              onSave={() => void saveDestination(selected)}
            />
          ) : (
            <Stack gap="md">
              <TextInput
                aria-label="Search destinations"
                placeholder="Search destinations, attractions, activities"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
              />
              <Chip.Group multiple={false} value={category} onChange={(v) => setCategory(v)}>
                <Group gap="xs" role="group" aria-label="Categories">
                  {EXPLORE_CATEGORIES.map((c) => (
                    <Chip key={c.id} value={c.id} size="sm">
                      {c.label}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {shown.length === 0 ? (
                <Card withBorder radius="md" padding="xl">
                  <Stack align="center" gap="sm">
                    <Text fw={600}>No destinations found</Text>
                    <Button
                      variant="light"
                      onClick={() => {
                        setSearch('');
                        setCategory('all');
                      }}
                    >
                      Clear Filters
                    </Button>
                  </Stack>
                </Card>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                  {shown.map((d) => (
                    <Card
                      key={d.id}
                      withBorder
                      radius="md"
                      padding="lg"
                      component="button"
                      type="button"
                      onClick={() => setSelectedId(d.id)}
                      style={{ textAlign: 'left', cursor: 'pointer' }}
                      aria-label={`${d.name}, ${d.country}`}
                    >
                      <Group justify="space-between" wrap="nowrap">
                        <Title order={2} fz="lg">
                          {d.name}
                        </Title>
                        <Badge variant="light" color="yellow" c="dark.8" leftSection={<IconStarFilled size={10} aria-hidden />}>
                          {d.rating.toFixed(1)}
                        </Badge>
                      </Group>
                      <Text fz="sm" c="dimmed">
                        {d.country} · {EXPLORE_CATEGORIES.find((c) => c.id === d.category)?.label}
                      </Text>
                      <Text fz="sm" mt="xs" lineClamp={2}>
                        {d.description}
                      </Text>
                      <Group justify="space-between" mt="sm">
                        <Text fz="xs" c="dimmed">
                          Best: {d.bestTimeToVisit}
                        </Text>
                        <Text fz="xs" fw={600}>
                          ~{formatPrice(d.averageCost)}/day
                        </Text>
                      </Group>
                      <Text fz="xs" c="dimmed" mt={4}>
                        {usualWeather(d.climate, month).summary}
                      </Text>
                    </Card>
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <PopularStories />
            <Card withBorder radius="md" padding="lg">
              <Title order={2} fz="lg" mb="xs">
                Get inspired
              </Title>
              <Stack gap={6}>
                <Anchor component={Link} to="/guides">
                  City guides
                </Anchor>
                <Anchor component={Link} to="/stories">
                  Travel stories
                </Anchor>
                <Anchor component={Link} to="/blog/write">
                  Write your story
                </Anchor>
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      <CreateTripModal
        opened={planning !== null}
        onClose={() => setPlanning(null)}
        viewerId={null}
        initialDestination={planning}
        onCreated={(trip) => void navigate(`/dashboard/trips/${tripIdOf(trip.id)}`)}
      />
    </Stack>
  );
}
