/** The signed-in half of GuideIdeasButton: the story pages' "Save to ideas", in a Relay environment of its own. */
import '../../styles/appStyles';
import { RelayBoundary } from '../../platform/relay/RelayBoundary';
import { SaveToIdeasButton } from '../stories/AddToTripButton';

export default function GuideIdeasChooser({ place, city }: { place: string; city: string }) {
  return (
    <RelayBoundary>
      <SaveToIdeasButton place={place} city={city} />
    </RelayBoundary>
  );
}
