import { EmptyPage } from '../../components/EmptyPage';

export default function StoryViewPage() {
  return <EmptyPage title="Story" />;
}
