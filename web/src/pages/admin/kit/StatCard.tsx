import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One figure of a tab's summary row: a label, the value large, an optional line under it, and an
 * optional small chart of its trend (passed in, so tabs without charts do not load a chart library).
 */
export function StatCard({ label, value, hint, trend }: { label: string; value: ReactNode; hint?: ReactNode; trend?: ReactNode }) {
  return (
    // miw 0: a grid cell may shrink below its longest figure, which then wraps instead of widening the page.
    <Paper withBorder p="md" radius="md" miw={0}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint !== undefined && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      {trend}
    </Paper>
  );
}
