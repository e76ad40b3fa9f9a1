/**
 * What a reader can do with a place in a story: add it to a trip, save it to a trip's ideas, save
 * it to their wishlist. A story is a public page without Relay (see storyApi.ts): signed out, the
 * first two are links to sign in; signed in, their choosers (a Relay query of the reader's trips
 * and the mutations) load on their own with their Relay environment and stylesheet, as a
 * guide's "Save to ideas" does (guides/GuideIdeasButton.tsx).
 */
import { Button, Group } from '@mantine/core';
import { IconBulb, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../../platform/SessionProvider';
import { SavePlaceButton } from './SavePlaceButton';

const SignedInChoosers = lazy(() => import('./StoryPlaceChoosers'));

type PlaceType = 'ACCOMMODATION' | 'ACTIVITY';

export function StoryPlaceActions({ place, city, type }: { place: string; city: string; type: PlaceType }) {
  const { user } = useSession();
  const location = useLocation();
  const signIn = `/signin?next=${encodeURIComponent(location.pathname)}`;
  return (
    <Group gap="xs" mt={4}>
      {user ? (
        // While the choosers load, the same two buttons hold their place (disabled), so nothing
        // beside them moves when they arrive: a tap on "Save" never lands on what slid under it.
        <Suspense
          fallback={
            <>
              <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled>
                Add to Trip
              </Button>
              <Button size="xs" variant="subtle" leftSection={<IconBulb size={14} />} disabled>
                Save to ideas
              </Button>
            </>
          }
        >
          <SignedInChoosers place={place} city={city} type={type} />
        </Suspense>
      ) : (
        <>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} component={Link} to={signIn}>
            Add to Trip
          </Button>
          <Button size="xs" variant="subtle" leftSection={<IconBulb size={14} />} component={Link} to={signIn}>
            Save to ideas
          </Button>
        </>
      )}
      <SavePlaceButton place={place} city={city} />
    </Group>
  );
}
