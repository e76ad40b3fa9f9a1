import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../platform/documentTitle';
import { TripMessages } from '../../platform/domain';

/**
 * A trip's page when the trip is gone or the viewer is not on it (the server answers alike for
 * both): the page's own way back, then why, with an optional picture above and a way on below.
 */
export function TripNotFound({ back, icon, children }: { back: ReactNode; icon?: ReactNode; children?: ReactNode }) {
  useDocumentTitle('Trip not found');
  return (
    <Stack gap="lg">
      {back}
      <Paper withBorder p="xl">
        <Stack align="center" gap="xs" py="lg">
          {icon}
          <Title order={1} fz={26}>
            {TripMessages.notFound.replace(/\.$/, '')}
          </Title>
          <Text c="dark.4" ta="center">
            It may have been deleted, or you are not on it.
          </Text>
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
