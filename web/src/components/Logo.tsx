import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { IconPlaneTilt } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

export function Logo({ to = '/', inverted = false }: { to?: string; inverted?: boolean }) {
  return (
    <Anchor component={Link} to={to} underline="never" aria-label="Tripcrew home" style={{ display: 'inline-flex' }}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant={inverted ? 'white' : 'filled'} aria-hidden>
          <IconPlaneTilt size={20} stroke={2} />
        </ThemeIcon>
        <Text fw={800} fz={20} c={inverted ? 'white' : 'lagoon.9'} style={{ letterSpacing: '-0.02em' }}>
          Tripcrew
        </Text>
      </Group>
    </Anchor>
  );
}
