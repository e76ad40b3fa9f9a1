import { EmptyPage } from '../../components/EmptyPage';

export default function AdminGuidesPage() {
  return <EmptyPage title="Manage Guides" />;
}
