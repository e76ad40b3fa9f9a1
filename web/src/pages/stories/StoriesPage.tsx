import { EmptyPage } from '../../components/EmptyPage';

export default function StoriesPage() {
  return <EmptyPage title="Travel Stories" />;
}
