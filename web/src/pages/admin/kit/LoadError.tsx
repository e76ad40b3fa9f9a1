import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A list that could not load: 'Error loading {what} data: {message}' and a way to try again. */
export function LoadError({ what, message, onRetry }: { what: string; message: string; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          Error loading {what} data: {message}
        </Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
