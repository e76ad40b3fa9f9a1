/** The trip page's shape while its data arrives: header, timeline on the left, map and panels on the right. */
import { Grid, Group, Paper, Skeleton, Stack } from '@mantine/core';

export function WorkspaceSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading the trip">
      <Skeleton height={16} width={160} />
      <Group justify="space-between">
        <Stack gap={8} style={{ flex: '1 1 260px' }}>
          <Skeleton height={34} width="60%" />
          <Skeleton height={18} width={200} />
        </Stack>
        <Group gap="xs">
          <Skeleton height={36} width={110} />
          <Skeleton height={36} width={90} />
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Paper withBorder p="lg">
              <Skeleton height={90} />
            </Paper>
            <Paper withBorder p="lg">
              <Stack gap="sm">
                <Skeleton height={20} width="40%" />
                <Skeleton height={72} />
                <Skeleton height={72} />
                <Skeleton height={72} />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Skeleton height={96} radius="md" />
            <Skeleton height={400} radius="md" />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
