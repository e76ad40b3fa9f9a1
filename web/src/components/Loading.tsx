import { Center, Loader, Stack, Text } from '@mantine/core';

/** The 'Loading...' indicator: while the session loads and while a page's data arrives. */
export function Loading({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Center mih={fullPage ? '100dvh' : 240} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text c="dimmed" size="sm">
          Loading...
        </Text>
      </Stack>
    </Center>
  );
}
