/**
 * The year told as a sequence of cards, each readable as text (the charts repeat what the text
 * says). Companions and spending are for the traveller's eyes: the share image leaves them out.
 */
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { WrappedCards_wrapped$key } from '../../__generated__/WrappedCards_wrapped.graphql';
import { formatDateRange } from '../../components/dateFormat';
import { formatMoneyDecimal } from '../../platform/domain';

const Fragment = graphql`
  fragment WrappedCards_wrapped on Wrapped {
    year
    trips {
      id
      name
      startDate
      endDate
    }
    daysAway
    nights
    countries {
      code
      name
      isNew
    }
    cities {
      name
      isNew
    }
    distanceKm
    flights
    longestTrip {
      tripId
      name
      days
    }
    topCompanions {
      userId
      name
      trips
    }
    spending {
      currency
      total
      byCategory {
        category
        amount
      }
      unconverted {
        currency
        amount
      }
    }
    photosTaken
    mostFavourited {
      photoId
      title
      favorites
    }
    checklistsCompleted
  }
`;

const nf = new Intl.NumberFormat('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${nf.format(n)} ${n === 1 ? one : many}`;
const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(formatMoneyDecimal(minor, currency)));
const label = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

/** Around the Earth: 40,075 km at the equator. */
const EQUATOR_KM = 40075;

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title} data-testid={testId}>
      <Text c="coral.8" fw={700} tt="uppercase" fz="xs" mb={6}>
        {title}
      </Text>
      {children}
    </Paper>
  );
}

function Big({ children }: { children: ReactNode }) {
  return (
    <Text fz={{ base: 28, sm: 36 }} fw={800} lh={1.15}>
      {children}
    </Text>
  );
}

export function WrappedCards({ wrapped }: { wrapped: WrappedCards_wrapped$key }) {
  const w = useFragment(Fragment, wrapped);
  const newCountries = w.countries.filter((c) => c.isNew).length;
  const newCities = w.cities.filter((c) => c.isNew).length;
  const laps = w.distanceKm / EQUATOR_KM;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card title="Your year" testId="wrapped-card-year">
        <Big>{plural(w.trips.length, 'trip')}</Big>
        <Text mt={4}>
          {plural(w.daysAway, 'day')} travelling, {plural(w.nights, 'night')} away from home.
        </Text>
        <Stack gap={2} mt="sm">
          {w.trips.map((t) => (
            <Text key={t.id} fz="sm" c="gray.7">
              <Link to={`/dashboard/trips/${t.id}`}>{t.name}</Link> · {formatDateRange(t.startDate, t.endDate)}
            </Text>
          ))}
        </Stack>
      </Card>

      <Card title="Where you went" testId="wrapped-card-places">
        <Big>
          {plural(w.countries.length, 'country', 'countries')}, {plural(w.cities.length, 'city', 'cities')}
        </Big>
        <Text mt={4}>
          {newCountries + newCities > 0
            ? `${plural(newCountries, 'new country', 'new countries')} and ${plural(newCities, 'new city', 'new cities')}.`
            : 'Old favourites, visited again.'}
        </Text>
        <Group gap={6} mt="sm">
          {w.countries.map((c) => (
            <Badge key={c.code} variant={c.isNew ? 'filled' : 'light'} tt="none">
              {c.name}
              {c.isNew ? ' · new' : ''}
            </Badge>
          ))}
        </Group>
        {w.cities.length > 0 && (
          <Text fz="sm" c="gray.7" mt="xs">
            Cities: {w.cities.map((c) => `${c.name}${c.isNew ? ' (new)' : ''}`).join(', ')}
          </Text>
        )}
      </Card>

      <Card title="Distance" testId="wrapped-card-distance">
        <Big>{nf.format(w.distanceKm)} km</Big>
        <Text mt={4}>
          {plural(w.flights, 'flight')}
          {laps >= 0.1 ? `, ${laps.toFixed(1)} times around the Equator` : ''}.
        </Text>
        {w.longestTrip && (
          <Text fz="sm" c="gray.7" mt="xs">
            Longest trip: {w.longestTrip.name}, {plural(w.longestTrip.days, 'day')}.
          </Text>
        )}
      </Card>

      <Card title="Your crew" testId="wrapped-card-crew">
        {w.topCompanions.length === 0 ? (
          <Text>You travelled solo this year.</Text>
        ) : (
          <Stack gap={4}>
            {w.topCompanions.map((c, i) => (
              <Text key={c.userId} fw={i === 0 ? 700 : 400}>
                {c.name}: {plural(c.trips, 'trip')} together
              </Text>
            ))}
          </Stack>
        )}
      </Card>

      <Card title="Spending (your share)" testId="wrapped-card-spending">
        {Number(w.spending.total) === 0 && w.spending.unconverted.length > 0 ? (
          // Nothing converts to the home currency: the shares in their own currencies, said plainly.
          <>
            <Big>{w.spending.unconverted.map((u) => money(u.amount, u.currency)).join(' + ')}</Big>
            <Text fz="sm" c="gray.7" mt={4}>
              No rate stored with your expenses converts these to {w.spending.currency}.
            </Text>
          </>
        ) : (
          <>
            <Big>{money(w.spending.total, w.spending.currency)}</Big>
            <Text fz="sm" c="gray.7" mt={4}>
              In {w.spending.currency}, at the rates stored with your expenses.
            </Text>
            {w.spending.unconverted.map((u) => (
              <Text key={u.currency} fz="sm" c="gray.7">
                Plus {money(u.amount, u.currency)} with no stored rate to {w.spending.currency}.
              </Text>
            ))}
          </>
        )}
        {w.spending.byCategory.length > 0 && Number(w.spending.total) > 0 && (
          <>
            <Stack gap={2} mt="sm">
              {w.spending.byCategory.map((c) => (
                <Text key={c.category} fz="sm">
                  {label(c.category)}: {money(c.amount, w.spending.currency)}
                </Text>
              ))}
            </Stack>
            {/* The list above says it all; the chart is for the eye only, and holds no focus. */}
            <div aria-hidden inert>
              <BarChart
                h={180}
                mt="sm"
                data={w.spending.byCategory.map((c) => ({ category: label(c.category), amount: Number(formatMoneyDecimal(c.amount, w.spending.currency)) }))}
                dataKey="category"
                series={[{ name: 'amount', label: w.spending.currency, color: 'coral.6' }]}
                tickLine="y"
              />
            </div>
          </>
        )}
      </Card>

      <Card title="Memories" testId="wrapped-card-memories">
        <Big>{plural(w.photosTaken, 'photo')}</Big>
        {w.mostFavourited.length > 0 && (
          <Stack gap={2} mt="xs">
            {w.mostFavourited.map((p) => (
              <Text key={p.photoId} fz="sm">
                {p.title || 'Untitled photo'}: {plural(p.favorites, 'favourite')}
              </Text>
            ))}
          </Stack>
        )}
        <Text mt="xs">{plural(w.checklistsCompleted, 'checklist')} completed.</Text>
      </Card>
    </SimpleGrid>
  );
}
