import { EmptyPage } from '../../components/EmptyPage';

export default function AdminStoriesPage() {
  return <EmptyPage title="Manage Stories" />;
}
