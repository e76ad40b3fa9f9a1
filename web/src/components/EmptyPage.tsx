import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A page whose feature has no content yet: its heading and a neutral empty state.
 * Feature work replaces the page file that renders it.
 */
export function EmptyPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      <Paper withBorder p="xl">
        <Stack align="center" gap="xs" py="lg">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconCompass size={26} />
          </ThemeIcon>
          <Text fw={600}>Nothing here yet.</Text>
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
