/** The signed-in half of StoryPlaceActions: "Add to Trip" and "Save to ideas", in a Relay environment of their own. */
import '../../styles/appStyles';
import { RelayBoundary } from '../../platform/relay/RelayBoundary';
import { AddToTripButton, SaveToIdeasButton } from './AddToTripButton';

export default function StoryPlaceChoosers({ place, city, type }: { place: string; city: string; type: 'ACCOMMODATION' | 'ACTIVITY' }) {
  return (
    <RelayBoundary>
      <AddToTripButton place={place} city={city} type={type} />
      <SaveToIdeasButton place={place} city={city} />
    </RelayBoundary>
  );
}
