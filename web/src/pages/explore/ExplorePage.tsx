import { EmptyPage } from '../../components/EmptyPage';

export default function ExplorePage() {
  return <EmptyPage title="Explore" />;
}
