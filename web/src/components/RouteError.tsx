import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
// Straight from its module (as platform/api.ts): every page loads this file, the landing page included.
import { AccountMessages } from '../../../api/src/accounts/messages';

/** A route's error boundary: a failed page never blanks the whole app. */
export function RouteError() {
  const error = useRouteError();
  if (error) console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Center mih={360} p="xl">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <Title order={2}>{notFound ? 'Page not found' : 'Something went wrong'}</Title>
        <Text c="dimmed">{notFound ? 'This page does not exist.' : AccountMessages.unexpected}</Text>
        <Button onClick={() => window.location.reload()} variant="light">
          Try again
        </Button>
        <Button component={Link} to="/" variant="subtle">
          Go to Homepage
        </Button>
      </Stack>
    </Center>
  );
}
