import { EmptyPage } from '../../components/EmptyPage';

export default function MyStoriesPage() {
  return <EmptyPage title="My Stories" />;
}
