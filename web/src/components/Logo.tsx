import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { IconPlaneTilt } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** The brand mark linking home; `compact` drops the word below 576 px, where a top bar has no room for it. */
export function Logo({ to = '/', inverted = false, compact = false }: { to?: string; inverted?: boolean; compact?: boolean }) {
  return (
    <Anchor component={Link} to={to} underline="never" aria-label="Tripcrew home" style={{ display: 'inline-flex' }}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant={inverted ? 'white' : 'filled'} aria-hidden>
          <IconPlaneTilt size={20} stroke={2} />
        </ThemeIcon>
        <Text fw={800} fz={20} c={inverted ? 'white' : 'lagoon.9'} style={{ letterSpacing: '-0.02em' }} visibleFrom={compact ? 'xs' : undefined}>
          Tripcrew
        </Text>
      </Group>
    </Anchor>
  );
}
