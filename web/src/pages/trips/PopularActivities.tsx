/**
 * 'Popular Activities' (seed 000 §2 shows a static panel): what the viewer's crew — they and
 * everyone on their current trips — picked most often in their travel preferences.
 */
import { Anchor, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { PopularActivities_viewer$key } from '../../__generated__/PopularActivities_viewer.graphql';

const Fragment = graphql`
  fragment PopularActivities_viewer on User {
    popularActivities(first: 5) {
      activity
      travelerCount
    }
  }
`;

export function PopularActivities({ viewer }: { viewer: PopularActivities_viewer$key }) {
  const { popularActivities: activities } = useFragment(Fragment, viewer);
  const most = Math.max(1, ...activities.map((a) => a.travelerCount));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="popular-activities-title">
      <Title order={2} fz="lg" id="popular-activities-title">
        Popular Activities
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        What you and your travel companions like to do.
      </Text>
      {activities.length === 0 ? (
        <Text fz="sm">
          Nothing picked yet.{' '}
          <Anchor component={Link} to="/dashboard/settings" fz="sm">
            Add the activities you enjoy
          </Anchor>{' '}
          and your crew's favorites show up here.
        </Text>
      ) : (
        <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {activities.map((a) => {
            const label = `${a.travelerCount} ${a.travelerCount === 1 ? 'traveler' : 'travelers'}`;
            return (
              <li key={a.activity}>
                <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
                  <Text fz="sm" fw={600}>
                    {a.activity}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {label}
                  </Text>
                </Group>
                <Progress value={(a.travelerCount / most) * 100} size="sm" color="lagoon.8" aria-label={`${a.activity}: ${label}`} />
              </li>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
