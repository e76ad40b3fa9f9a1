import { EmptyPage } from '../../components/EmptyPage';

export default function AdminPage() {
  return <EmptyPage title="Admin Dashboard" />;
}
