/**
 * "Save to ideas" on a guide's place. The guide is a public page: it has no Relay environment
 * (routes.tsx builds it with `page`, not under a RelayBoundary) and does not load Relay or all of
 * Mantine's stylesheet for readers who are signed out. Signed out, the button is a plain link to
 * sign in; signed in, the chooser (a Relay query of the reader's trips and the addIdea mutation)
 * is loaded on its own with its Relay environment and stylesheet.
 */
import { Button } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../../platform/SessionProvider';

const SignedInChooser = lazy(() => import('./GuideIdeasChooser'));

export function GuideIdeasButton({ place, city }: { place: string; city: string }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) {
    return (
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconBulb size={14} />}
        component={Link}
        to={`/signin?next=${encodeURIComponent(location.pathname)}`}
        aria-label={`Sign in to save ${place} to a trip's ideas`}
      >
        Save to ideas
      </Button>
    );
  }
  return (
    <Suspense fallback={null}>
      <SignedInChooser place={place} city={city} />
    </Suspense>
  );
}
