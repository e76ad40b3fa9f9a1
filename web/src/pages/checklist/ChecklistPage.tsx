import { EmptyPage } from '../../components/EmptyPage';

export default function ChecklistPage() {
  return <EmptyPage title="Checklists" />;
}
