import { EmptyPage } from '../../components/EmptyPage';

export default function GuidesPage() {
  return <EmptyPage title="City Guides" />;
}
