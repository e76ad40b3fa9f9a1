import { EmptyPage } from '../../components/EmptyPage';

export default function BlogListPage() {
  return <EmptyPage title="Stories from the crew" />;
}
